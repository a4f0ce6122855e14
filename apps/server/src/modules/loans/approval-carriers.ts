import type { ApprovalCarrier, ApprovalRecord, CarryOut } from '../approvals/index.ts';
import type { LoansDeps } from './deps.ts';
import { applyCredit, applySettlement } from './loan-adjustments.ts';
import { lockLoanForChange, lockPaymentForChange } from './loan-card.ts';
import { applyRefund, applyToggleValid } from './payment-servicing.ts';

// The loans' actions carried out once a second employee approves them (decision 069): the payment
// or loan locked again and the action's own rules asked again as things stand now (a payment paid
// back or a balance changed meanwhile is refused, and the action stays waiting), then done as the
// maker asked, by the approver.

const APPROVED = { approved: true };

function payloadNumber(approval: ApprovalRecord, key: string): number {
  const value = (approval.payload as Record<string, unknown>)[key];
  if (typeof value !== 'number') throw new Error(`Approval ${approval.id}: its payload has no ${key}.`);
  return value;
}

export function loanApprovalCarriers(
  context: LoansDeps,
): Pick<CarryOut, 'refund' | 'credit' | 'settlement' | 'invalidate'> {
  const refund: ApprovalCarrier = async (tx, approval, approver) => {
    const locked = await lockPaymentForChange(tx, context, payloadNumber(approval, 'payment_id'));
    return { message: await applyRefund(tx, context, approver, locked, APPROVED) };
  };
  const invalidate: ApprovalCarrier = async (tx, approval, approver) => {
    const locked = await lockPaymentForChange(tx, context, payloadNumber(approval, 'payment_id'));
    const mayValidateAny = (approval.payload as Record<string, unknown>).may_validate_any === true;
    return { message: await applyToggleValid(tx, context, approver, locked, { ...APPROVED, mayValidateAny }) };
  };
  const credit: ApprovalCarrier = async (tx, approval, approver) => {
    const locked = await lockLoanForChange(tx, context, payloadNumber(approval, 'loan_id'));
    return {
      message: await applyCredit(tx, context, approver, locked, payloadNumber(approval, 'credit_cents'), APPROVED),
    };
  };
  const settlement: ApprovalCarrier = async (tx, approval, approver) => {
    const locked = await lockLoanForChange(tx, context, payloadNumber(approval, 'loan_id'));
    return {
      message: await applySettlement(tx, context, approver, locked, payloadNumber(approval, 'amount_cents'), APPROVED),
    };
  };
  return { refund, credit, settlement, invalidate };
}
