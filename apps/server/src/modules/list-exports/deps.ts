import type { ServerContext } from '../../context.ts';

// What the list-exports module takes from the server (decision 045): the part of the context it uses.
export type ListExportsDeps = Pick<ServerContext, 'db' | 'clock' | 'businessTimeZone'>;
