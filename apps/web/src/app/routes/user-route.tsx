import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { recordTopic, type LoanInfo, type UserProfile } from '@portal/contracts';
import { ChangedBanner } from '../../components/changed-banner.tsx';
import { PresenceNote } from '../../components/presence-note.tsx';
import { customerTimelineKeys } from '../../features/customer-timeline/api/get-customer-timeline.ts';
import { CustomerTimeline } from '../../features/customer-timeline/components/customer-timeline.tsx';
import { documentKeys } from '../../features/documents/api/fetch-documents.ts';
import { LoanInformationPanel } from '../../features/loans/components/loan-information-panel.tsx';
import { NotesPanel } from '../../features/notes/components/notes-panel.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { TransactionEmailsButton } from '../../features/transaction-emails/components/transaction-emails-button.tsx';
import { userKeys } from '../../features/users/api/query-keys.ts';
import { useUserSearch } from '../../features/users/api/search-users.ts';
import { CommentsBox } from '../../features/users/components/comments-box.tsx';
import { EvidencePackButton } from '../../features/users/components/evidence-pack-button.tsx';
import { HotlinkButton } from '../../features/users/components/hotlink-button.tsx';
import { MessageComposer } from '../../features/users/components/message-composer.tsx';
import { UserCard } from '../../features/users/components/user-card.tsx';
import { userPath } from '../../lib/user-path.ts';
import { UserSuggestions } from '../../features/users/components/user-suggestions.tsx';
import { ApiError, errorMessages } from '../../lib/api-error.ts';
import { flashError } from '../../lib/flash.ts';
import type { MutationEvents } from '../../lib/react-query.ts';
import { useLiveWatch } from '../../lib/use-live.ts';
import { LetterButtons } from '../user/letter-buttons.tsx';
import { readUserQuery } from '../user/read-user-query.ts';

// Loaded when Advanced is first pressed (its four tabs' forms): the user page keeps to its weight
// budget (decision 040).
const AdvancedModal = lazy(async () => ({ default: (await import('../user/advanced-modal.tsx')).AdvancedModal }));

// After any action on the page: the card and loans are searched again; a failure is flashed (the
// forms also show it where it happened).
function useUserPageEvents(): MutationEvents {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: userKeys.all }),
          queryClient.invalidateQueries({ queryKey: documentKeys.all }),
          // Whatever was done shows on the timeline (a staff action, a message, a letter).
          queryClient.invalidateQueries({ queryKey: customerTimelineKeys.all }),
        ]),
      onError: (error: Error) => flashError(errorMessages(error).join(' ')),
    }),
    [queryClient],
  );
}

function CustomerAccount({ user, loans }: { user: UserProfile; loans: readonly LoanInfo[] }) {
  const events = useUserPageEvents();
  // Others see me on this customer; any change to the customer, their loans, payments or tickets
  // reaches me (decision 063) and refetches the page.
  const topic = recordTopic('customer', user.id);
  useLiveWatch([topic]);
  const queryClient = useQueryClient();
  // A note shows on the timeline as well as in the notes.
  const timelineEvents = useMemo(
    () => ({ onSuccess: () => queryClient.invalidateQueries({ queryKey: customerTimelineKeys.all }) }),
    [queryClient],
  );
  const [advanced, setAdvanced] = useState(false);
  // Mounted from the first press on, so that closing it animates and gives focus back as before.
  const [advancedLoaded, setAdvancedLoaded] = useState(false);
  const loansById = useMemo(() => Object.fromEntries(loans.map((loan) => [String(loan.id), loan])), [loans]);
  return (
    <Grid gap="md" align="flex-start">
      <Grid.Col span={12}>
        <PresenceNote topic={topic} noun="customer" />
        <ChangedBanner topics={[topic]} noun="customer" refresh={() => void events.onSuccess?.()} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, xl: 7 }}>
        <Stack gap="sm">
          <UserCard
            user={user}
            mutationConfig={events}
            actions={
              <>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    setAdvancedLoaded(true);
                    setAdvanced(true);
                  }}
                >
                  Advanced
                </Button>
                <LetterButtons user={user} loans={loans} events={events} />
                <HotlinkButton userId={user.id} />
                <TransactionEmailsButton userId={user.id} />
                <EvidencePackButton userId={user.id} />
              </>
            }
          />
          <MessageComposer userId={user.id} mutationConfig={events} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, xl: 5 }}>
        <Stack gap="sm">
          <CommentsBox userId={user.id} comments={user.comments} mutationConfig={events} />
          {/* Notes on the customer and on their tickets, for staff only (issue 40). */}
          <NotesPanel target={{ userId: user.id }} mutationConfig={timelineEvents} />
          {loans.length === 0 ? (
            <Card withBorder radius="md" padding="sm">
              <Text c="dimmed" fz="sm">
                No Loan Info To Show
              </Text>
            </Card>
          ) : (
            <LoanInformationPanel loans={loansById} mutationConfig={events} />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={12}>
        <CustomerTimeline userId={user.id} />
      </Grid.Col>
      {advancedLoaded && (
        <Suspense fallback={null}>
          <AdvancedModal
            user={user}
            loans={loans}
            opened={advanced}
            onClose={() => setAdvanced(false)}
            events={events}
          />
        </Suspense>
      )}
    </Grid>
  );
}

// /user (spec 000 section 2): searched again whenever the query changes; the navbar search lands here.
export function UserRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = readUserQuery(params);
  const search = useUserSearch(query);

  if (query === null) {
    return (
      <Stack gap="sm" maw={640}>
        <Title order={1} fz="lg">
          User Details
        </Title>
        <Text c="dimmed">
          No Data loaded. Search for a customer by email, phone, ID or name, or a loan or payment ID.
        </Text>
        <SearchBox autoFocus />
      </Stack>
    );
  }
  if (search.isPending) return <Loader aria-label="Searching" />;
  if (search.isError) {
    const status = search.error instanceof ApiError ? search.error.status : 0;
    return (
      <Stack gap="sm" maw={640}>
        <Alert
          color={status === 404 ? 'yellow' : 'red'}
          variant="light"
          title={status === 404 ? 'Not found' : 'Search failed'}
        >
          {errorMessages(search.error).join(' ')}
        </Alert>
        {/* The navbar's search box is the one to search again with: no second box here. */}
        <Text c="dimmed" fz="sm">
          Check the value and search again with the search box at the top of the page.
        </Text>
      </Stack>
    );
  }
  const answer = search.data;
  return (
    <Stack gap="sm" style={{ opacity: search.isPlaceholderData ? 0.6 : 1 }}>
      {answer.kind === 'suggestions' ? (
        <UserSuggestions suggestions={answer.suggestions} onPick={(id) => void navigate(userPath(id))} />
      ) : (
        <CustomerAccount key={answer.user.id} user={answer.user} loans={answer.loans} />
      )}
    </Stack>
  );
}
