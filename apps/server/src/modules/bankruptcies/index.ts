// The bankruptcies module's public face: a customer's bankruptcy cases, the record every duty reads
// (the automatic stay for the contact gate and for debits, the Metro 2 indicator). It has no calls of
// its own: the notices' workflow and the FCRA lookup record cases through it.

export {
  findBankruptciesOfCustomers,
  findCustomerBankruptcyByCaseDigits,
  findLatestBankruptcy,
  upsertCustomerBankruptcy,
  type CustomerBankruptcyValues,
} from './repository.ts';

// The case whose automatic stay is in force, if any (the contact gate's and the debits' stay rule).
export { findAutomaticStay } from './automatic-stay.ts';
