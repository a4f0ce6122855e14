import type { ServerContext } from '../../context.ts';

// What the blog module takes from the server (decision 045): the part of the context it uses.
export type BlogDeps = Pick<ServerContext, 'db' | 'clock' | 'storage' | 'inbound'>;
