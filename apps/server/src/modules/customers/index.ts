// The customers module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { CustomersDeps } from './deps.ts';
import { registerSsnRoutes } from './ssn-routes.ts';

export { normalizeEmailContact, normalizePhoneContact } from './contact.ts';
export type { CustomerRecord, PaymentInstruments } from './repository.ts';
export {
  customerName,
  findCustomer,
  findPaymentInstruments,
  lockCustomer,
  matchCustomerByContact,
} from './repository.ts';

// Reads and conditions other modules need of a customer, and the verification code identity reviews set.
export {
  chargeableBankOf,
  chargeableCardOf,
  customerEmailsOf,
  customerExists,
  customerNamesOf,
  customerVerifiedIs,
  findCustomersByIds,
  findBankAccountsByIds,
  findDebitAccountsOfCustomers,
  type DebitAccountOfCustomer,
  findCustomersByLast4AndLastName,
  findRecentComments,
  findRoutingNumbers,
} from './customer-reads.ts';
export { setCustomerVerification } from './verification.ts';
export type { CommentRow } from './customer-card.ts';
export {
  customerCardFields,
  customerCommentsJson,
  decodeCustomerComments,
  latestBankJoin,
  latestCardJoin,
  toUserInfo,
} from './customer-card.ts';
export { lockContactFlags } from './contact-permission.ts';
export { addCustomerComment, writeCustomerComment } from './comments.ts';
export { setContactFlag } from './contact-flags.ts';
export { checkedFieldValue, editCustomerField, editLockedCustomerField } from './edit-customer-field.ts';

// What users/link_ticket asks of the customer it links a ticket to.
export { findLinkTarget, keepTicketContact } from './ticket-contact.ts';
export { addEmailAddress, listEmailAddresses } from './email-addresses.ts';
export { createHotlink } from './hotlink.ts';
export { allowNewPlaidConnection } from './plaid.ts';
export { createSsnSealer, openCustomerSsn, ssnHashesOf, ssnHashOf } from './ssn.ts';
// An SSN change a second employee approved, carried out (four eyes, decision 069).
export { carryOutSsnChange } from './ssn-service.ts';
export { sealStoredSsns } from './seal-stored-ssns.ts';
export {
  rekeyBankNumbers,
  rekeyCustomerSsns,
  rekeyedSsnHashes,
  rekeySsnChangePayload,
  sealedCustomerSamples,
} from './rekey-customer-secrets.ts';
// Bank accounts' routing and account numbers at rest (decision 070).
export { sealStoredBankNumbers } from './seal-stored-bank-numbers.ts';
export { insertBankAccount } from './bank-account-repository.ts';
export {
  bankNumbersBoxIfConfigured,
  bankNumbersBoxOf,
  createBankNumbersSealer,
  openBankNumbers,
  readableRouting,
} from './bank-numbers.ts';
export { searchCustomersBySsn, SSN_SEARCHES_PER_MINUTE } from './ssn-search.ts';
// The one door for comparing whole SSN digits with customers' (issue 37): every road goes through it.
export { compareSsns, ssnHashesAgree, ssnLimitSentence, type SsnComparison } from './ssn-search.ts';

// The customers module (decision 045): its calls (the SSN's change and reveal), registered from their descriptors.
export function createCustomersModule(deps: CustomersDeps): PortalModule {
  return { registerRoutes: (app) => registerSsnRoutes(app, deps) };
}
