import type { ServerContext } from '../../context.ts';

// What the transaction-emails module takes from the server (decision 045): the part of the context it uses.
export type TransactionEmailsDeps = Pick<ServerContext, 'db' | 'storage'>;
