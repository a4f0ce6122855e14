import type { ServerContext } from '../../context.ts';

// What the analytics module takes from the server (decision 045): the part of the context it uses.
export type AnalyticsDeps = Pick<ServerContext, 'db' | 'clock' | 'businessTimeZone'>;
