import type { ServerContext } from '../../context.ts';

// What the macros module takes from the server (decision 045): the part of the context it uses.
export type MacrosDeps = Pick<ServerContext, 'db' | 'clock'>;
