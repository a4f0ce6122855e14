import { Alert, Button, Group, Loader, Table, Text } from '@mantine/core';
import type { DocumentItem } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { useDocumentFile } from '../api/fetch-document-file.ts';
import { useDocuments } from '../api/fetch-documents.ts';
import { TableHead } from '../../../components/table-head.tsx';
import { openBlankTab } from '../open-blank-tab.ts';

// 'account_status_letter' reads 'Account status letter'.
function kindLabel(kind: string): string {
  const words = kind.replaceAll('_', ' ').replace(/\bfcra\b/, 'FCRA');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The customer's documents as a table ('No Documents Uploaded' when none); also the Advanced modal's View Documents.
export function DocumentsTable({ userId, loanId }: { userId: number; loanId: number | null }) {
  const documents = useDocuments(userId, loanId, true);
  const file = useDocumentFile();
  const busy = (document: DocumentItem, mode: 'open' | 'download') =>
    file.isPending && file.variables.url === document.url && file.variables.mode === mode;

  if (documents.isPending) return <Loader size="sm" aria-label="Loading documents" />;
  if (documents.isError) {
    return (
      <Alert color="red" variant="light">
        {errorMessages(documents.error).join(' ')}
      </Alert>
    );
  }
  if (documents.data.documents.length === 0) {
    return (
      <Text c="dimmed" fz="sm" py="lg" ta="center">
        No Documents Uploaded
      </Text>
    );
  }
  return (
    <>
      {file.isError && (
        <Alert color="red" variant="light" mb="sm" withCloseButton onClose={() => file.reset()}>
          {errorMessages(file.error).join(' ')}
        </Alert>
      )}
      <Table fz="sm" verticalSpacing={6} highlightOnHover aria-label="Documents">
        <TableHead columns={['Document', 'Kind', 'Date', 'Loan', '']} />
        <Table.Tbody>
          {documents.data.documents.map((document) => (
            <Table.Tr key={document.id}>
              <Table.Td fw={500}>{document.name}</Table.Td>
              <Table.Td>
                <Text fz="xs" c="dimmed">
                  {kindLabel(document.kind)}
                </Text>
              </Table.Td>
              <Table.Td>{formatDate(document.date)}</Table.Td>
              <Table.Td>{document.loan_id ? `#${document.loan_id}` : '—'}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="light"
                    aria-label={`Open ${document.name}`}
                    loading={busy(document, 'open')}
                    onClick={() =>
                      file.mutate({ url: document.url, name: document.name, mode: 'open', tab: openBlankTab() })
                    }
                  >
                    Open
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Download ${document.name}`}
                    loading={busy(document, 'download')}
                    onClick={() => file.mutate({ url: document.url, name: document.name, mode: 'download', tab: null })}
                  >
                    Download
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
