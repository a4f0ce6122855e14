// Which audited actions are "payment updates" for the update_payment_analytics figure (spec 001
// sections 2 and 7: user, cs, total): a change to when, how or how much an upcoming payment of
// the customer's plan collects, the changes a customer can also make for themselves in the
// customer app. Counted from audit_events: by an employee (cs) or by the customer (user, no
// employee). Decision 036.
//
// In: a payment moved to another date, switched between ACH and debit card, made larger (the
// extra comes off the last installments), made smaller (the rest moves on), split in two.
// Out, on purpose: refunds, validating or invalidating a payment and crediting a bounce fee
// (back-office money and bookkeeping actions, not a change to the plan), scheduling or cancelling
// a payoff (a new whole-balance payment, not an update of one), and custom payments (a hardship
// arrangement that replaces the whole schedule, audited once per loan, not per payment).
export const PAYMENT_UPDATE_ACTIONS = [
  'payment.rescheduled',
  'payment.method_changed',
  'payment.made_larger',
  'payment.made_smaller',
  'payment.split',
] as const;
export type PaymentUpdateAction = (typeof PAYMENT_UPDATE_ACTIONS)[number];
