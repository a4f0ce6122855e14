// The customers module's public face: other modules import from here, never from its other files.

export { normalizeEmailContact, normalizePhoneContact } from './contact.ts';
export type { PaymentInstruments } from './repository.ts';
export { customerName, findCustomer, findPaymentInstruments, matchCustomerByContact } from './repository.ts';
