import type { ServerContext } from '../../context.ts';

// What the customer-documents module takes from the server (decision 045): the part of the context it uses.
export type CustomerDocumentsDeps = Pick<
  ServerContext,
  'db' | 'clock' | 'outbox' | 'contactRules' | 'storage' | 'customerAppUrl' | 'secretsKey'
>;
