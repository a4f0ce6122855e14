import { REPRESENTABLE_RETURN_CODES } from './failed-debits.ts';

// The returned-payment fee (issue 41): charged when a debit comes back for insufficient or
// uncollected funds (R01, R09), the returns the customer's balance caused; never on an unauthorized
// return (the customer did not authorize the debit) nor on an administrative one (account closed,
// no account, a bad number: the lender's entry or the bank's doing). The amount is the lender's
// (BOUNCE_FEE; 0 charges none). A fee is waived by staff with credit_bounce_fee.
export const DEFAULT_BOUNCE_FEE_CENTS = 1500;

export function bounceFeeCents(returnCode: string, feeCents: number): number {
  return (REPRESENTABLE_RETURN_CODES as readonly string[]).includes(returnCode) ? feeCents : 0;
}
