import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { clampPage } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { useUnprocessedNotices } from '../api/get-unprocessed-notices.ts';
import { bankruptcyPaths } from '../paths.ts';
import { GetNextNoticeButton } from './get-next-notice-button.tsx';
import { NoticesTable } from './notices-table.tsx';

function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

// 'Unresolved Bankruptcy Notices' (/bankruptcy/unprocessed?page=N; spec 001 section 2): polled every
// 30 s; when the total shrinks under the page asked for, the last page is shown instead.
export function UnprocessedNoticesPage() {
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const list = useUnprocessedNotices(page);
  const totalPages = list.data?.pagination.total_pages;

  useEffect(() => {
    if (totalPages === undefined || list.isPlaceholderData) return;
    const clamped = clampPage(page, totalPages);
    if (clamped !== page) setParams(clamped > 1 ? { page: String(clamped) } : {}, { replace: true });
  }, [page, totalPages, list.isPlaceholderData, setParams]);

  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <Stack gap="md">
      <Anchor component={Link} to={bankruptcyPaths.landing} fz="sm">
        Back to Dashboard
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} fz={24}>
            Unresolved Bankruptcy Notices
          </Title>
          {list.data && (
            <Badge size="lg" variant="light" aria-label="Unresolved notices count">
              {list.data.pagination.total_count}
            </Badge>
          )}
        </Group>
        <GetNextNoticeButton />
      </Group>
      {list.isPending ? (
        <Text>Loading...</Text>
      ) : list.isError ? (
        <Alert color="red" variant="light">
          Error loading bankruptcy notices: {errorMessages(list.error).join(' ')}
        </Alert>
      ) : list.data.notices.length === 0 ? (
        <Text c="dimmed">No unresolved bankruptcy notices found.</Text>
      ) : (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <NoticesTable notices={list.data.notices} />
          <PagePagination page={page} totalPages={list.data.pagination.total_pages} onChange={goTo} />
        </Stack>
      )}
    </Stack>
  );
}
