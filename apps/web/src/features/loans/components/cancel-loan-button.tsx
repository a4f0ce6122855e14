import { useEffect, useState } from 'react';
import { Button } from '@mantine/core';
import type { LoanInfo } from '@portal/contracts';
import { useCancelLoan } from '../api/cancel-loan.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';

// How long 'Sure?' waits for the second click before the button is plain Cancel again.
const SURE_TIMEOUT_MS = 4_000;

// Cancel needs a second click ('Sure?'; spec 000 section 4).
export function CancelLoanButton({ loan }: { loan: LoanInfo }) {
  const [sure, setSure] = useState(false);
  const cancel = useCancelLoan({ mutationConfig: useLoanMutationEvents() });
  useEffect(() => {
    if (!sure) return;
    const timer = setTimeout(() => setSure(false), SURE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [sure]);
  return (
    <Button
      size="compact-xs"
      variant={sure ? 'filled' : 'subtle'}
      color="red"
      loading={cancel.isPending}
      // Says which loan, beside the dialogs' own Cancel buttons; the visible word stays the spec's.
      aria-label={`${sure ? 'Sure? ' : ''}Cancel loan #${loan.id}`}
      onClick={() => {
        if (!sure) return setSure(true);
        setSure(false);
        cancel.mutate({ loan_id: loan.id, lock_version: loan.lock_version });
      }}
    >
      {sure ? 'Sure?' : 'Cancel'}
    </Button>
  );
}
