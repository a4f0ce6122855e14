import { lazy } from 'react';
import { Modal } from '@mantine/core';
import type { LoanInfo } from '@portal/contracts';
import { LazyDialogForm } from './lazy-dialog-form.tsx';

type PayoffModalProps = { loan: LoanInfo; opened: boolean; onClose: () => void };

// The form (with the calendar: @mantine/dates and dayjs) loads when the dialog first opens, not with
// the workspace.
const PayoffForm = lazy(async () => ({ default: (await import('./payoff-form.tsx')).PayoffForm }));

export function PayoffModal({ loan, opened, onClose }: PayoffModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Payoff · loan #${loan.id}`} size="auto" centered>
      {opened && (
        <LazyDialogForm>
          <PayoffForm loan={loan} onClose={onClose} />
        </LazyDialogForm>
      )}
    </Modal>
  );
}
