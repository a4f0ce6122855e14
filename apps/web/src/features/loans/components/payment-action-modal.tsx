import { lazy } from 'react';
import { Modal } from '@mantine/core';
import type { LoanInfo, Payment } from '@portal/contracts';
import { LazyDialogForm } from './lazy-dialog-form.tsx';
import type { PaymentDialog } from './payment-action-forms.tsx';

export type { PaymentDialog };

type PaymentActionModalProps = {
  payment: Payment;
  loan: LoanInfo;
  dialog: PaymentDialog | null;
  onClose: () => void;
};

// The forms (with the calendar: @mantine/dates and dayjs) load when a dialog first opens, not with
// the workspace.
const PaymentActionForm = lazy(async () => ({
  default: (await import('./payment-action-forms.tsx')).PaymentActionForm,
}));

const titles: Record<PaymentDialog, string> = {
  'change-date': 'Change payment date',
  'smaller-payment': 'Smaller payment',
  'cancel-early-repay': 'Cancel early repayment',
  split: 'Split payment',
  refund: 'Refund payment',
  invalidate: 'Invalidate payment',
};

// The payment actions that need an answer from the agent before the call.
export function PaymentActionModal({ payment, loan, dialog, onClose }: PaymentActionModalProps) {
  return (
    <Modal
      opened={dialog !== null}
      onClose={onClose}
      title={dialog ? `${titles[dialog]} · payment #${payment.id}` : ''}
      // A fixed width: the dialog does not jump when a warning or an error appears in it.
      size="md"
      centered
    >
      {dialog && (
        <LazyDialogForm>
          <PaymentActionForm payment={payment} loan={loan} dialog={dialog} onClose={onClose} />
        </LazyDialogForm>
      )}
    </Modal>
  );
}
