import type { ServerContext } from '../../context.ts';

// What the disputes module takes from the server (decision 045): the part of the context it uses.
export type DisputesDeps = Pick<ServerContext, 'db' | 'clock' | 'businessTimeZone' | 'storage' | 'secretsKey'>;
