import { useState } from 'react';
import { Button } from '@mantine/core';
import type { LoanInfo, UserProfile } from '@portal/contracts';
import { OpenDocumentButton } from '../../features/documents/components/documents-button.tsx';
import type { LetterKind } from '../../features/letters/api/issue-letter.ts';
import { FcraPacketButton } from '../../features/letters/components/fcra-packet-button.tsx';
import { LetterModal } from '../../features/letters/components/letter-modal.tsx';
import type { MutationEvents } from '../../lib/react-query.ts';

type LetterButtonsProps = { user: UserProfile; loans: readonly LoanInfo[]; events: MutationEvents };

// Send account status, Generate debt validation (each opening its letter modal) and the FCRA
// packet; a letter made is opened from its modal with the documents feature.
export function LetterButtons({ user, loans, events }: LetterButtonsProps) {
  const [open, setOpen] = useState<LetterKind | null>(null);
  // The modals show their own failure state, so only the refresh is taken from the page's events.
  const letterEvents = { onSuccess: events.onSuccess };
  const options = loans.map((loan) => ({ id: loan.id, label: `Loan #${loan.id} · ${loan.display_status}` }));
  const openDocument = (document: Parameters<typeof OpenDocumentButton>[0]['document']) => (
    <OpenDocumentButton document={document} />
  );
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpen('account_status')}>
        Send account status
      </Button>
      <Button size="xs" variant="default" onClick={() => setOpen('debt_validation')}>
        Generate debt validation
      </Button>
      <FcraPacketButton
        userId={user.id}
        loans={options}
        renderOpenDocument={openDocument}
        mutationConfig={letterEvents}
      />
      {open && (
        <LetterModal
          key={open}
          kind={open}
          opened
          onClose={() => setOpen(null)}
          loans={options}
          renderOpenDocument={openDocument}
          mutationConfig={letterEvents}
        />
      )}
    </>
  );
}
