import { useEffect } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Group, Select, Stack, Text, Title } from '@mantine/core';
import {
  clampPage,
  unprocessedNoticesExportCall,
  unprocessedNoticesViewSchema,
  type UnprocessedNoticesView,
} from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { useListView } from '../../../lib/use-list-view.ts';
import { useUnprocessedNotices } from '../api/get-unprocessed-notices.ts';
import { bankruptcyPaths } from '../paths.ts';
import { GetNextNoticeButton } from './get-next-notice-button.tsx';
import { NoticesTable } from './notices-table.tsx';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All unprocessed' },
  { value: 'ready_for_assignment', label: 'Not assigned' },
  { value: 'assigned', label: 'Assigned' },
];
const DUE_OPTIONS = [
  { value: 'all', label: 'Any due date' },
  { value: 'overdue', label: 'Overdue only' },
];

// 'Unresolved Bankruptcy Notices' (/bankruptcy/unprocessed?status&due&sort&page; spec 001 section 2,
// issue 40): the filters, the sort and the page live in the URL; polled every 30 s; when the total
// shrinks under the page asked for, the last page is shown instead.
export function UnprocessedNoticesPage() {
  const [view, setView] = useListView(unprocessedNoticesViewSchema);
  const list = useUnprocessedNotices(view);
  const { page, ...filters } = view;
  const totalPages = list.data?.pagination.total_pages;

  useEffect(() => {
    if (totalPages === undefined || list.isPlaceholderData) return;
    const clamped = clampPage(page, totalPages);
    if (clamped !== page) setView({ page: clamped }, { replace: true });
  }, [page, totalPages, list.isPlaceholderData, setView]);

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
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="flex-end">
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={view.status}
            allowDeselect={false}
            onChange={(status) => status && setView({ status: status as UnprocessedNoticesView['status'] })}
            w={180}
          />
          <Select
            label="Due"
            data={DUE_OPTIONS}
            value={view.due}
            allowDeselect={false}
            onChange={(due) => due && setView({ due: due as UnprocessedNoticesView['due'] })}
            w={180}
          />
        </Group>
        <ExportCsvButton
          call={unprocessedNoticesExportCall}
          query={filters}
          total={list.isPlaceholderData ? undefined : list.data?.pagination.total_count}
          noun="notices"
        />
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
        <Stack gap="sm" aria-busy={list.isPlaceholderData} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <NoticesTable notices={list.data.notices} sort={view.sort} onSort={(sort) => setView({ sort })} />
          <PagePagination
            page={page}
            totalPages={list.data.pagination.total_pages}
            onChange={(next) => setView({ page: next })}
          />
        </Stack>
      )}
    </Stack>
  );
}
