// What is stored of a customer's SSN, made by whoever holds the key (the server; decision 023):
// packages/db has no key, so a seed of customers takes a sealer from its caller.
export type SealedSsn = { sealed: string; hash: string; last4: string };
export type SealSsn = (customerId: number, digits: string) => SealedSsn;
