import { lazy, Suspense, useState } from 'react';
import { Button, Center, Loader, Modal } from '@mantine/core';

// Loaded when a history is first opened: the workspace keeps to its weight budget (decision 040).
const LoanHistory = lazy(async () => ({ default: (await import('./loan-history.tsx')).LoanHistory }));

// The loan's history: every change to it and its payments, with who, when, before and after.
export function LoanHistoryButton({ loanId }: { loanId: number }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setOpened(true)}>
        History
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`History · loan #${loanId}`} size="xl" centered>
        {opened && (
          <Suspense
            fallback={
              <Center p="xl">
                <Loader size="sm" aria-label="Loading history" />
              </Center>
            }
          >
            <LoanHistory loanId={loanId} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
