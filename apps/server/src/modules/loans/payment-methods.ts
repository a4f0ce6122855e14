import type { PaymentInstruments } from '../customers/index.ts';

export type PaymentMethod = 'ach' | 'debit';

// A method can be used when the customer has an instrument for it that is not marked do-not-pull.
export function eligiblePaymentMethods(instruments: PaymentInstruments): PaymentMethod[] {
  return methodsOfChargeable({
    bank: instruments.bankAccounts.some((account) => !account.dnp),
    card: instruments.debitCards.some((card) => !card.dnp),
  });
}

// The same, for reads that only selected whether a chargeable bank account and card exist.
export function methodsOfChargeable(chargeable: { bank: boolean; card: boolean }): PaymentMethod[] {
  const methods: PaymentMethod[] = [];
  if (chargeable.bank) methods.push('ach');
  if (chargeable.card) methods.push('debit');
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
