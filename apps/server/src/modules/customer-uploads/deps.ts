import type { ServerContext } from '../../context.ts';

// What the customer-uploads module takes from the server (decision 045): the part of the context it uses.
export type CustomerUploadsDeps = Pick<ServerContext, 'db' | 'clock' | 'storage' | 'secretsKey'>;
