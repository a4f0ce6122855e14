import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import {
  DISPUTE_MESSAGES,
  clampPage,
  unresolvedDisputesExportCall,
  unresolvedDisputesViewSchema,
  type UnresolvedDisputesView,
} from '@portal/contracts';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { useListView } from '../../../lib/use-list-view.ts';
import { useUnresolvedDisputes } from '../api/get-unresolved-disputes.ts';
import { failureMessages } from '../dispute-flash.ts';
import { useNextDispute } from '../hooks/use-next-dispute.ts';
import { UnresolvedDisputesTable } from './unresolved-disputes-table.tsx';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All unresolved' },
  { value: 'unresolved', label: 'Not assigned' },
  { value: 'assigned', label: 'Assigned' },
];
const DUE_OPTIONS = [
  { value: 'all', label: 'Any due date' },
  { value: 'overdue', label: 'Overdue only' },
];

// /disputes/unresolved?status&due&sort&page (spec 001 sections 2, 4 and 9; issue 40): the filters,
// the sort and the page live in the URL, so a copied link opens the same view; the list is polled,
// and a page past the end (the list shrank meanwhile) becomes the last one.
export function UnresolvedDisputesPage() {
  const [view, setView] = useListView(unresolvedDisputesViewSchema);
  const navigate = useNavigate();
  const list = useUnresolvedDisputes(view);
  const next = useNextDispute();
  const data = list.data;
  const { page, ...filters } = view;
  // A page of another view (kept on screen while this one loads) says nothing about this one.
  const totalPages = list.isPlaceholderData ? undefined : data?.meta.total_pages;

  useEffect(() => {
    if (totalPages === undefined) return;
    const clamped = clampPage(page, totalPages);
    if (clamped !== page) setView({ page: clamped }, { replace: true });
  }, [page, totalPages, setView]);

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/disputes" fz="sm">
        Back to Dashboard
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2} fz="lg">
            Unresolved Disputes
          </Title>
          {data && (
            <Badge size="lg" variant="light" aria-label="Unresolved disputes count">
              {data.meta.total_disputes}
            </Badge>
          )}
        </Group>
        <Button onClick={() => void next.getNext()} loading={next.pending}>
          Get Next Dispute
        </Button>
      </Group>
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="flex-end">
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={view.status}
            allowDeselect={false}
            onChange={(status) => status && setView({ status: status as UnresolvedDisputesView['status'] })}
            w={180}
          />
          <Select
            label="Due"
            data={DUE_OPTIONS}
            value={view.due}
            allowDeselect={false}
            onChange={(due) => due && setView({ due: due as UnresolvedDisputesView['due'] })}
            w={180}
          />
        </Group>
        <ExportCsvButton
          call={unresolvedDisputesExportCall}
          query={filters}
          total={list.isPlaceholderData ? undefined : data?.meta.total_disputes}
          noun="disputes"
        />
      </Group>
      <Paper withBorder radius="md" p="md">
        {data ? (
          data.disputes.length === 0 ? (
            <Text c="dimmed">{DISPUTE_MESSAGES.noneLeft}</Text>
          ) : (
            <Stack gap="md" aria-busy={list.isPlaceholderData} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <UnresolvedDisputesTable
                disputes={data.disputes}
                sort={view.sort}
                onSort={(sort) => setView({ sort })}
                onView={(id) => void navigate(`/disputes/${id}`)}
              />
              <PagePagination
                page={page}
                totalPages={data.meta.total_pages}
                onChange={(target) => setView({ page: target })}
              />
            </Stack>
          )
        ) : list.isError ? (
          <Alert color="red" variant="light">
            Error loading disputes: {failureMessages(list.error, 'Something went wrong').join(' ')}
          </Alert>
        ) : (
          <Text>Loading...</Text>
        )}
      </Paper>
    </Stack>
  );
}
