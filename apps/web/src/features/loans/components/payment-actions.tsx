import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { paymentControls, type Payment, type PaymentMethodName } from '@portal/contracts';
import { DotsIcon } from '../../../components/dots-icon.tsx';
import { useCreditBounceFee } from '../api/credit-bounce-fee.ts';
import { useTogglePaymentMethod } from '../api/toggle-payment-method.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';
import { PaymentActionModal, type PaymentDialog } from './payment-action-modal.tsx';

// The per-payment actions: exactly those the server allows (rules/payment-controls.ts in contracts),
// so none is offered on a paid, processing or invalid payment, nor a switch to a method the customer
// cannot be charged by.
export function PaymentActions({
  payment,
  eligibleMethods,
}: {
  payment: Payment;
  eligibleMethods: readonly PaymentMethodName[];
}) {
  const [dialog, setDialog] = useState<PaymentDialog | null>(null);
  const mutationConfig = useLoanMutationEvents();
  const toggleMethod = useTogglePaymentMethod({ mutationConfig });
  const waiveFee = useCreditBounceFee({ mutationConfig });
  const controls = paymentControls(payment, eligibleMethods);
  if (controls.length === 0) return null;
  const busy = toggleMethod.isPending || waiveFee.isPending;

  return (
    <>
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
            <Menu.Item onClick={() => toggleMethod.mutate({ pmt_id: payment.id })}>
              Switch to {payment.method === 'ach' ? 'debit card' : 'ACH'}
            </Menu.Item>
          )}
          {controls.includes('smaller-payment') && (
            <Menu.Item onClick={() => setDialog('smaller-payment')}>Smaller payment…</Menu.Item>
          )}
          {controls.includes('waive-bounce-fee') && (
            <Menu.Item onClick={() => waiveFee.mutate({ pmt_id: payment.id })}>Waive bounce fee</Menu.Item>
          )}
          {controls.includes('cancel-early-repay') && (
            <Menu.Item color="red" onClick={() => setDialog('cancel-early-repay')}>
              Cancel early repayment…
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <PaymentActionModal payment={payment} dialog={dialog} onClose={() => setDialog(null)} />
    </>
  );
}
