import { useState } from 'react';
import { ActionIcon, Menu, Text } from '@mantine/core';
import {
  isAchBlocked,
  paymentControls,
  type LoanInfo,
  type Payment,
  type PaymentControlContext,
} from '@portal/contracts';
import { DotsIcon } from '../../../components/dots-icon.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useChangePayment } from '../api/change-payment.ts';
import { useCreditBounceFee } from '../api/credit-bounce-fee.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';
import { PaymentActionModal, type PaymentDialog } from './payment-action-modal.tsx';

// The per-payment actions: exactly those the server allows (rules/payment-controls.ts in contracts)
// for this employee, so none is offered on a paid or processing payment (but a refund), nor a
// switch to a method the customer cannot be charged by. A switch back to ACH closed by a high-risk
// return shows, disabled, with the reason.
export function PaymentActions({ payment, loan }: { payment: Payment; loan: LoanInfo }) {
  const [dialog, setDialog] = useState<PaymentDialog | null>(null);
  const session = useSession();
  const mutationConfig = useLoanMutationEvents();
  const change = useChangePayment({ mutationConfig });
  const waiveFee = useCreditBounceFee({ mutationConfig });
  const permissions = session?.permissions ?? [];
  const context: PaymentControlContext = {
    highRiskReturn: loan.high_risk_return !== null,
    mayValidateAny: permissions.includes('payments.validate_any'),
    mayRefund: permissions.includes('payments.refund'),
    paymentCount: loan.payments.length,
    installmentCount: loan.installment_num,
  };
  const controls = paymentControls(payment, loan.eligible_payment_methods, context);
  const risk = loan.high_risk_return;
  const achBlocked = risk !== null && isAchBlocked(context) && payment.method === 'debit' && payment.state === 'due';
  const hasMenu = controls.length > 0 || achBlocked;
  // An open dialog stays while the refresh after a refusal (409) takes the control away, so its
  // answer (a refund error, a split error) is still read.
  if (!hasMenu && dialog === null) return null;
  const busy = change.isPending || waiveFee.isPending;
  const version = payment.lock_version;

  return (
    <>
      {hasMenu && (
        <Menu position="bottom-end" shadow="md" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Actions for payment #${payment.id}`}
              loading={busy}
            >
              <DotsIcon />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {controls.includes('change-date') && (
              <Menu.Item onClick={() => setDialog('change-date')}>Change date…</Menu.Item>
            )}
            {controls.includes('toggle-method') && (
              <Menu.Item
                onClick={() =>
                  change.mutate({ payment: { id: payment.id, action: 'toggle_method', lock_version: version } })
                }
              >
                Switch to {payment.method === 'ach' ? 'debit card' : 'ACH'}
              </Menu.Item>
            )}
            {achBlocked && risk && (
              <Menu.Item disabled>
                Switch to ACH
                <Text fz={10} c="red.7" maw={240}>
                  {risk.code} return ({risk.title}) on {formatDate(risk.date)}: only a payments admin can switch back to
                  ACH.
                </Text>
              </Menu.Item>
            )}
            {controls.includes('smaller-payment') && (
              <Menu.Item onClick={() => setDialog('smaller-payment')}>Smaller payment…</Menu.Item>
            )}
            {controls.includes('split') && <Menu.Item onClick={() => setDialog('split')}>Split…</Menu.Item>}
            {controls.includes('waive-bounce-fee') && (
              <Menu.Item onClick={() => waiveFee.mutate({ pmt_id: payment.id })}>Waive bounce fee</Menu.Item>
            )}
            {controls.includes('cancel-early-repay') && (
              <Menu.Item color="red" onClick={() => setDialog('cancel-early-repay')}>
                Cancel early repayment…
              </Menu.Item>
            )}
            {controls.includes('validate') && (
              <Menu.Item
                onClick={() =>
                  change.mutate({ payment: { id: payment.id, action: 'toggle_valid', lock_version: version } })
                }
              >
                Validate
              </Menu.Item>
            )}
            {controls.includes('invalidate') && (
              <Menu.Item color="red" onClick={() => setDialog('invalidate')}>
                Invalidate…
              </Menu.Item>
            )}
            {controls.includes('refund') && (
              <Menu.Item color="red" onClick={() => setDialog('refund')}>
                Refund…
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      <PaymentActionModal payment={payment} loan={loan} dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
