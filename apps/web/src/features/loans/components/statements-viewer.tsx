import { useState } from 'react';
import { Button, Center, Group, Loader, Modal, Pagination, Stack, Text } from '@mantine/core';
import type { LoanInfo } from '@portal/contracts';
import { formatDate } from '../../../lib/format.ts';
import { useApiFileUrl } from '../../../lib/use-api-file-url.ts';

// What the viewer says when a statement's file cannot be read (spec 000 section 2, empty states).
export const STATEMENT_FAILED_MESSAGE = 'No details to show. Processing must have failed...';

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
        {opened && <StatementsViewer statements={loan.statements} />}
      </Modal>
    </>
  );
}

export function StatementsViewer({ statements }: { statements: LoanInfo['statements'] }) {
  const [page, setPage] = useState(1);
  const statement = statements[page - 1];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fz="sm" fw={600}>
          {statement
            ? `Statement of ${formatDate(statement.date)} · page ${statement.page_number}`
            : 'No Documents Uploaded'}
        </Text>
        {/* siblings 2 and no boundaries: at most five page buttons. */}
        <Pagination size="sm" total={statements.length} value={page} onChange={setPage} siblings={2} boundaries={0} />
      </Group>
      {statement && <StatementFile key={statement.id} url={statement.url} title={`Statement of ${statement.date}`} />}
    </Stack>
  );
}

function StatementFile({ url, title }: { url: string; title: string }) {
  const state = useApiFileUrl(url, 'The statement');
  if (state.status === 'loading')
    return (
      <Center h={200}>
        <Loader size="sm" aria-label="Loading statement" />
      </Center>
    );
  if (state.status === 'failed')
    return (
      <Text fz="sm" c="dimmed" ta="center" py="xl">
        {STATEMENT_FAILED_MESSAGE}
      </Text>
    );
  return <iframe src={state.objectUrl} title={title} style={{ width: '100%', height: '70vh', border: 0 }} />;
}
