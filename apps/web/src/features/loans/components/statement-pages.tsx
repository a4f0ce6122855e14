import { useState } from 'react';
import { Center, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import type { LoanInfo } from '@portal/contracts';
import { formatDate } from '../../../lib/format.ts';
import { useApiFileUrl } from '../../../lib/use-api-file-url.ts';

// What the viewer says when a statement's file cannot be read (spec 000 section 2, empty states).
export const STATEMENT_FAILED_MESSAGE = 'No details to show. Processing must have failed...';

// The statements, one page each (statements-viewer.tsx loads it when opened).
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
