import { lazy, Suspense } from 'react';
import { Center, Loader, Modal } from '@mantine/core';
import type { LoanInfo } from '@portal/contracts';

type PayoffModalProps = { loan: LoanInfo; opened: boolean; onClose: () => void };

// The form (with the calendar: @mantine/dates and dayjs) loads when the dialog first opens, not with
// the workspace.
const PayoffForm = lazy(async () => ({ default: (await import('./payoff-form.tsx')).PayoffForm }));

export function PayoffModal({ loan, opened, onClose }: PayoffModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Payoff · loan #${loan.id}`} size="auto" centered>
      {opened && (
        <Suspense
          fallback={
            <Center p="xl">
              <Loader size="sm" aria-label="Loading" />
            </Center>
          }
        >
          <PayoffForm loan={loan} onClose={onClose} />
        </Suspense>
      )}
    </Modal>
  );
}
