// The transaction emails module's public face: other modules import from here only.

export { registerTransactionEmailRoutes } from './routes.ts';
// How a transaction email is kept in object storage (the demo writes a few, decision 025).
export { serializeTransactionEmail, transactionEmailKey, type StoredTransactionEmail } from './email-object.ts';
