import type { ServerContext } from '../../context.ts';

// What the documents module takes from the server (decision 045): the part of the context it uses.
export type DocumentsDeps = Pick<ServerContext, 'db' | 'clock' | 'businessTimeZone' | 'storage'>;
