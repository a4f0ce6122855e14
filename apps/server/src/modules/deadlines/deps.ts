import type { ServerContext } from '../../context.ts';

// What the deadlines module takes from the server (decision 045): the part of the context it uses.
export type DeadlinesDeps = Pick<ServerContext, 'db' | 'clock' | 'businessTimeZone'>;
