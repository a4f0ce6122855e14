import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  archivedTicketsViewSchema,
  clampPage,
  escalatedTicketsViewSchema,
  archivedTicketsExportCall,
  escalatedTicketsExportCall,
  ticketCalls,
  type TicketListKind,
} from '@portal/contracts';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { ListSearch } from '../../../components/list-search.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { flash, flashError } from '../../../lib/flash.ts';
import { useListView, type SetListView } from '../../../lib/use-list-view.ts';
import { useTicketList, type TicketListView } from '../api/get-ticket-list.ts';
import { ticketKeys } from '../api/query-keys.ts';
import { useTicketStateMutation } from '../api/ticket-state-mutation.ts';
import { TicketListTable } from './ticket-list-table.tsx';
import { TicketPreviewModal } from './ticket-preview-modal.tsx';

const CHANNEL_OPTIONS = [
  { value: 'all', label: 'Texts and emails' },
  { value: 'text', label: 'Texts' },
  { value: 'email', label: 'Emails' },
];

// What both lists' views hold (their sorts name their own time column).
type ListState = { q: string; channel: 'all' | 'text' | 'email'; sort: string; page: number };

const words = {
  archived: { title: 'Archived tickets', action: 'Unarchive', done: 'is back in the queue' },
  escalated: { title: 'Escalated tickets', action: 'De-escalate', done: 'de-escalated' },
} as const;

// /tickets/archived?q&channel&sort&page (issue 40): every archived ticket, a page at a time; the
// search, channel, sort and page live in the URL, so a copied link opens the same view.
export function ArchivedTicketsPage() {
  const [view, setView] = useListView(archivedTicketsViewSchema);
  return (
    <TicketListScreen
      list={{ kind: 'archived', view }}
      state={view}
      setState={setView as unknown as SetListView<ListState>}
    />
  );
}

// /tickets/escalated?q&channel&sort&page: the escalated tickets, for holders of tickets.view_escalated.
export function EscalatedTicketsPage() {
  const [view, setView] = useListView(escalatedTicketsViewSchema);
  return (
    <TicketListScreen
      list={{ kind: 'escalated', view }}
      state={view}
      setState={setView as unknown as SetListView<ListState>}
    />
  );
}

function TicketListScreen({
  list,
  state,
  setState,
}: {
  list: TicketListView;
  state: ListState;
  setState: SetListView<ListState>;
}) {
  const kind: TicketListKind = list.kind;
  const queryClient = useQueryClient();
  const tickets = useTicketList(list);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const { page, ...filters } = state;
  const totalPages = tickets.isPlaceholderData ? undefined : tickets.data?.pagination.total_pages;
  const move = useTicketStateMutation({
    call: kind === 'archived' ? ticketCalls.unarchiveTicket : ticketCalls.deescalateTicket,
    onDone: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
  });

  useEffect(() => {
    if (totalPages === undefined) return;
    const clamped = clampPage(page, totalPages);
    if (clamped !== page) setState({ page: clamped }, { replace: true });
  }, [page, totalPages, setState]);

  const act = (id: number) =>
    move.mutate(id, {
      onSuccess: () => {
        setPreviewId(null);
        flash(`Ticket #${id} ${words[kind].done}`);
      },
      onError: (error) => flashError(errorMessages(error).join(' ')),
    });
  const actionButton = (id: number) => (
    <Button size="xs" variant="light" loading={move.isPending && move.variables === id} onClick={() => act(id)}>
      {words[kind].action} #{id}
    </Button>
  );

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/" fz="sm">
        Back to the workspace
      </Anchor>
      <Group gap="sm">
        <Title order={1} fz={24}>
          {words[kind].title}
        </Title>
        {tickets.data && (
          <Badge size="lg" variant="light" aria-label={`${words[kind].title} count`}>
            {tickets.data.pagination.total_count}
          </Badge>
        )}
      </Group>
      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="flex-end">
          <ListSearch
            label="Contact, subject or ticket #"
            value={state.q}
            onSearch={(q) => setState({ q })}
            placeholder="5551234567, an address, #123"
          />
          <Select
            label="Channel"
            data={CHANNEL_OPTIONS}
            value={state.channel}
            allowDeselect={false}
            onChange={(channel) => channel && setState({ channel: channel as ListState['channel'] })}
            w={180}
          />
        </Group>
        <ExportCsvButton
          call={kind === 'archived' ? archivedTicketsExportCall : escalatedTicketsExportCall}
          query={filters}
          total={tickets.isPlaceholderData ? undefined : tickets.data?.pagination.total_count}
          noun="tickets"
        />
      </Group>
      {tickets.isPending ? (
        <Text>Loading...</Text>
      ) : tickets.isError ? (
        <Alert color="red" variant="light">
          Error loading tickets: {errorMessages(tickets.error).join(' ')}
        </Alert>
      ) : tickets.data.tickets.length === 0 ? (
        <Text c="dimmed">No {kind} tickets match these filters.</Text>
      ) : (
        <Stack gap="sm" aria-busy={tickets.isPlaceholderData} style={{ opacity: tickets.isPlaceholderData ? 0.6 : 1 }}>
          <TicketListTable
            kind={kind}
            tickets={tickets.data.tickets}
            sort={state.sort}
            onSort={(sort) => setState({ sort })}
            onPreview={setPreviewId}
            actionLabel={words[kind].action}
            onAction={act}
            pendingId={move.isPending ? move.variables : null}
          />
          <PagePagination
            page={page}
            totalPages={tickets.data.pagination.total_pages}
            onChange={(next) => setState({ page: next })}
          />
        </Stack>
      )}
      <TicketPreviewModal
        ticketId={previewId}
        onClose={() => setPreviewId(null)}
        footer={previewId === null ? null : actionButton(previewId)}
      />
    </Stack>
  );
}
