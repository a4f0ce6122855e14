import { lazy, useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { isRepaying, type LoanInfo } from '@portal/contracts';
import { LazyDialogForm } from './lazy-dialog-form.tsx';

// The form (with the calendar) loads when the dialog first opens.
const CustomPaymentsForm = lazy(async () => ({
  default: (await import('./custom-payments-form.tsx')).CustomPaymentsForm,
}));

// Custom payments (spec 000 section 4): a new schedule for the loan's upcoming payments. Offered on
// a loan being repaid.
export function CustomPaymentsButton({ loan }: { loan: LoanInfo }) {
  const [opened, setOpened] = useState(false);
  // Active, and not a loan whose funding came back: the server's rule (isRepaying) for the call.
  if (loan.display_status !== 'ACTIVE' || !isRepaying(loan)) return null;
  return (
    <>
      <Button size="compact-xs" variant="light" color="indigo" onClick={() => setOpened(true)}>
        Custom payments…
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Custom payments · loan #${loan.id}`} centered>
        {opened && (
          <LazyDialogForm>
            <CustomPaymentsForm loan={loan} onClose={() => setOpened(false)} />
          </LazyDialogForm>
        )}
      </Modal>
    </>
  );
}
