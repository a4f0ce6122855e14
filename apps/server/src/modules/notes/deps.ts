import type { ServerContext } from '../../context.ts';

// What the notes module takes from the server (decision 045): the part of the context it uses.
export type NotesDeps = Pick<ServerContext, 'db' | 'clock'>;
