import { lazy, Suspense, useCallback, useMemo } from 'react';
import { Alert, Button, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { recordTopic, type LoanInfo, type SendReplyResponse, type Ticket } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useUpdateUserInfo } from '../../features/customers/api/update-user-info.ts';
import { LinkAccountPanel } from '../../features/customers/components/link-account-panel.tsx';
import { PersonalInformationPanel } from '../../features/customers/components/personal-information-panel.tsx';
import { DocumentsButton } from '../../features/documents/components/documents-button.tsx';
import { AnalysisPanel } from '../../features/loans/components/analysis-panel.tsx';
import { LoanInformationPanel } from '../../features/loans/components/loan-information-panel.tsx';
import { useMacros } from '../../features/macros/api/fetch-macros.ts';
import { macroValuesQueryOptions } from '../../features/macros/api/get-macro-values.ts';
import { MacroSelect } from '../../features/macros/components/macro-select.tsx';
import { ReplyBox } from '../../features/replies/components/reply-box.tsx';
import { useTicket } from '../../features/tickets/api/get-ticket.ts';
import { ticketKeys } from '../../features/tickets/api/query-keys.ts';
import { CommunicationsPanel } from '../../features/tickets/components/communications-panel.tsx';
import { ErrorStrip } from '../../features/tickets/components/error-strip.tsx';
import { TicketHeader } from '../../features/tickets/components/ticket-header.tsx';
import { useTicketActions } from '../../features/tickets/hooks/use-ticket-actions.ts';
import { useTicketMutationEvents } from '../../features/tickets/hooks/use-ticket-mutation-events.ts';
import { ChangedBanner } from '../../components/changed-banner.tsx';
import { PresenceNote } from '../../components/presence-note.tsx';
import type { MutationEvents } from '../../lib/react-query.ts';
import { useLiveWatch } from '../../lib/use-live.ts';
import { errorMessages } from '../../lib/api-error.ts';
import { useShortcuts } from './use-shortcuts.ts';

type TicketScreenProps = {
  ticketId: number;
  onLeft: (ticketId: number) => void;
  onSent: (result: SendReplyResponse) => void;
  onSkip: () => void;
};

const NO_MACROS = { macros: [], tree: [] };

// The ticket's internal notes load after the ticket (below the reply box): the workspace keeps to its
// weight budget (decision 040).
const NotesPanel = lazy(async () => ({
  default: (await import('../../features/notes/components/notes-panel.tsx')).NotesPanel,
}));

function channelLabel(ticket: Ticket): string {
  return `${ticket.channel === 'email' ? 'Email' : 'Text'} to ${ticket.user?.email && ticket.channel === 'email' ? ticket.user.email : ticket.contact}`;
}

// The customer's panel on the ticket: Personal Information, edited with PATCH user_info by ticket id,
// or Link Account while no customer is matched (linking also changes the queue's entry).
function TicketCustomerPanel({ ticket, events }: { ticket: Ticket; events: MutationEvents }) {
  const queryClient = useQueryClient();
  const update = useUpdateUserInfo({ mutationConfig: events });
  const linkEvents = useMemo(
    () => ({
      ...events,
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: ticketKeys.queue() });
        return events.onSuccess?.();
      },
    }),
    [events, queryClient],
  );
  if (ticket.user) {
    return (
      <PersonalInformationPanel
        user={ticket.user}
        onSaveField={(parameter, text) => update.mutateAsync({ id: ticket.id, parameter, text })}
      />
    );
  }
  return (
    <LinkAccountPanel
      ticketId={ticket.id}
      suggestedEmail={ticket.details.email ?? (ticket.channel === 'email' ? ticket.contact : null)}
      mutationConfig={linkEvents}
    />
  );
}

function TicketView({ ticket, onLeft, onSent, onSkip }: Omit<TicketScreenProps, 'ticketId'> & { ticket: Ticket }) {
  const queryClient = useQueryClient();
  const actions = useTicketActions(ticket.id, onLeft);
  const events = useTicketMutationEvents(ticket.id);
  const macros = useMacros().data ?? NO_MACROS;
  // Others see me on this ticket; I hear of changes to it and to its customer (decision 063).
  const topic = recordTopic('ticket', ticket.id);
  const customerTopics = ticket.user_id === null ? [] : [recordTopic('customer', ticket.user_id)];
  useLiveWatch([topic], customerTopics);
  useShortcuts({ close: actions.close, archive: actions.archive, escalate: actions.escalate });

  // A macro's account variables are read when it is inserted: the account as it is then.
  const loadVariableValues = useCallback(
    () => queryClient.fetchQuery(macroValuesQueryOptions({ ticket_id: ticket.id })),
    [queryClient, ticket.id],
  );
  const activeLoans = useMemo(
    () =>
      ticket.analysis.active_loan
        .map((id) => ticket.loans[String(id)])
        .filter((loan): loan is LoanInfo => loan !== undefined),
    [ticket],
  );

  return (
    <Grid gap="md" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="sm">
          <TicketHeader
            ticket={ticket}
            actions={actions}
            documentsButton={<DocumentsButton userId={ticket.user_id} />}
            onSkip={onSkip}
          />
          <PresenceNote topic={topic} noun="ticket" />
          <ChangedBanner
            topics={[topic, ...customerTopics]}
            noun="ticket"
            refresh={() => void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticket.id) })}
          />
          <ErrorStrip ticketId={ticket.id} />
          <CommunicationsPanel ticket={ticket} />
          <ReplyBox
            key={ticket.id}
            ticketId={ticket.id}
            channelLabel={channelLabel(ticket)}
            contact={{ channel: ticket.channel, userId: ticket.user_id }}
            macros={macros.macros}
            loadVariableValues={loadVariableValues}
            activeLoans={activeLoans}
            suggestions={ticket.details.guesses.response}
            suggestedActions={ticket.details.guesses.action}
            renderMacroPicker={(insert) => <MacroSelect macros={macros.macros} tree={macros.tree} onPick={insert} />}
            onSent={onSent}
            mutationConfig={events}
          />
          {/* What colleagues wrote about this ticket, never sent to the customer (issue 40). */}
          <Suspense fallback={<Skeleton h={160} radius="md" aria-label="Loading the notes" />}>
            <NotesPanel target={{ ticketId: ticket.id }} />
          </Suspense>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="sm">
          <TicketCustomerPanel ticket={ticket} events={events} />
          <AnalysisPanel analysis={ticket.analysis} loans={ticket.loans} />
          <LoanInformationPanel loans={ticket.loans} mutationConfig={events} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function TicketSkeleton() {
  return (
    <Grid gap="md" aria-busy="true" aria-label="Loading ticket">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="sm">
          <Skeleton h={72} radius="md" />
          <Skeleton h={280} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="sm">
          <Skeleton h={160} radius="md" />
          <Skeleton h={240} radius="md" />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

// One ticket, fetched (and so taken) by id: from my queue or from a ?ticket= deep link.
export function TicketScreen({ ticketId, ...handlers }: TicketScreenProps) {
  const ticket = useTicket(ticketId);
  useShortcuts({ next: handlers.onSkip });
  if (ticket.isPending) return <TicketSkeleton />;
  if (ticket.isError) {
    return (
      <Alert color="red" variant="light" title={`Ticket #${ticketId} could not be opened`}>
        <Stack gap="xs">
          {errorMessages(ticket.error).join(' ')}
          <Group>
            <Button size="xs" variant="default" onClick={handlers.onSkip}>
              Go to my next ticket
            </Button>
            <Button size="xs" variant="subtle" onClick={() => void ticket.refetch()}>
              Try again
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return <TicketView ticket={ticket.data} {...handlers} />;
}
