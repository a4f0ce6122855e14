import { lazy, Suspense } from 'react';
import { Button, Center, Loader, Modal, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { DocumentItem } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { useDocumentFile } from '../api/fetch-document-file.ts';
import { openBlankTab } from '../open-blank-tab.ts';

// Loaded when the documents are first opened: the workspace keeps to its weight budget (decision 040).
const DocumentsTable = lazy(async () => ({ default: (await import('./documents-table.tsx')).DocumentsTable }));

type DocumentsButtonProps = { userId: number | null; loanId?: number | null };

// 'View Documents' (spec 000 section 2): the customer's documents; each opens in a new tab.
export function DocumentsButton({ userId, loanId = null }: DocumentsButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  if (userId === null) {
    return (
      <Tooltip label="Link the ticket to a customer first">
        <Button size="xs" variant="default" data-disabled onClick={(event) => event.preventDefault()}>
          View Documents
        </Button>
      </Tooltip>
    );
  }
  return (
    <>
      <Button size="xs" variant="default" onClick={open}>
        View Documents
      </Button>
      <Modal opened={opened} onClose={close} title={`Documents · customer #${userId}`} size="xl">
        {opened && (
          <Suspense
            fallback={
              <Center p="xl">
                <Loader size="sm" aria-label="Loading the documents" />
              </Center>
            }
          >
            <DocumentsTable userId={userId} loanId={loanId} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}

// Opens one document (a letter just made, say) in a new tab, fetched with the session.
export function OpenDocumentButton({ document, label = 'Open PDF' }: { document: DocumentItem; label?: string }) {
  const file = useDocumentFile();
  return (
    <>
      <Button
        variant="light"
        loading={file.isPending}
        onClick={() => file.mutate({ url: document.url, name: document.name, mode: 'open', tab: openBlankTab() })}
      >
        {label}
      </Button>
      {file.isError && (
        <Text fz="xs" c="red" role="alert">
          {errorMessages(file.error).join(' ')}
        </Text>
      )}
    </>
  );
}
