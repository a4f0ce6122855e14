import type { ServerContext } from '../../context.ts';

// What the bankruptcy-notices module takes from the server (decision 045): the part of the context it uses.
export type BankruptcyNoticesDeps = Pick<ServerContext, 'db' | 'clock' | 'businessTimeZone' | 'storage' | 'secretsKey'>;
