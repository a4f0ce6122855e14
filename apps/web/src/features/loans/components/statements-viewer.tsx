import { lazy, Suspense, useState } from 'react';
import { Button, Center, Loader, Modal } from '@mantine/core';
import type { LoanInfo } from '@portal/contracts';

// Loaded when the statements are first opened: the workspace keeps to its weight budget (decision 040).
const StatementsViewer = lazy(async () => ({
  default: (await import('./statement-pages.tsx')).StatementsViewer,
}));

// The loan's bank statements, one at a time: page buttons (five at most, spec 000 section 9) and
// the statement's PDF, fetched with the session's token.
export function StatementsButton({ loan }: { loan: LoanInfo }) {
  const [opened, setOpened] = useState(false);
  if (loan.statements.length === 0) return null;
  return (
    <>
      <Button size="compact-xs" variant="subtle" onClick={() => setOpened(true)}>
        Statements ({loan.statements.length})
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`Statements · loan #${loan.id}`}
        size="xl"
        centered
      >
        {opened && (
          <Suspense
            fallback={
              <Center p="xl">
                <Loader size="sm" aria-label="Loading the statements" />
              </Center>
            }
          >
            <StatementsViewer statements={loan.statements} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
