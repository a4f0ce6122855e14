import type { PaymentInstruments } from '../customers/index.ts';

export type PaymentMethod = 'ach' | 'debit';

// A method can be used when the customer has an instrument for it that is not marked do-not-pull.
export function eligiblePaymentMethods(instruments: PaymentInstruments): PaymentMethod[] {
  const methods: PaymentMethod[] = [];
  if (instruments.bankAccounts.some((account) => !account.dnp)) methods.push('ach');
  if (instruments.debitCards.some((card) => !card.dnp)) methods.push('debit');
  return methods;
}

// Why a payment cannot be moved to `method`; null when it can.
export function ineligibleReason(instruments: PaymentInstruments, method: PaymentMethod): string | null {
  if (method === 'debit') {
    if (instruments.debitCards.length === 0) return 'The customer has no debit card on file.';
    if (!instruments.debitCards.some((card) => !card.dnp))
      return "The customer's debit card is marked do not pull (DNP).";
    return null;
  }
  if (instruments.bankAccounts.length === 0) return 'The customer has no bank account on file.';
  if (!instruments.bankAccounts.some((account) => !account.dnp))
    return "The customer's bank account is marked do not pull (DNP).";
  return null;
}

export function methodLabel(method: PaymentMethod): string {
  return method === 'ach' ? 'ACH (bank account)' : 'debit card';
}
