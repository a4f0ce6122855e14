import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Grid, Paper, Stack, Tabs, Text } from '@mantine/core';
import { DISPUTE_MESSAGES, type Dispute, type DisputeUserResult } from '@portal/contracts';
import { DocumentFrame } from '../../../components/document-frame.tsx';
import { InactivityModal } from '../../../components/inactivity-modal.tsx';
import { useSession } from '../../../lib/session.ts';
import { useDispute } from '../api/get-dispute.ts';
import { failureMessages, flashDispute } from '../dispute-flash.ts';
import { useDisputeActions } from '../hooks/use-dispute-actions.ts';
import { useDisputeForm } from '../hooks/use-dispute-form.ts';
import { useDisputeHold } from '../hooks/use-dispute-hold.ts';
import { useNextDispute } from '../hooks/use-next-dispute.ts';
import { DisputeDetailsTab } from './dispute-details-tab.tsx';
import { DisputeHeader } from './dispute-header.tsx';
import { DisputeResolutionTab } from './dispute-resolution-tab.tsx';
import { DisputeUserSearchTab } from './dispute-user-search-tab.tsx';

// Tab order of spec 001 section 9.
const DETAILS_TAB = '0';
const USER_SEARCH_TAB = '1';
const RESOLUTION_TAB = '2';
const DOCUMENT_MIN_HEIGHT = 800;

function DisputeWorkspace({ dispute, me }: { dispute: Dispute; me: number | null }) {
  const navigate = useNavigate();
  const hold = useDisputeHold(dispute, me);
  const form = useDisputeForm(dispute);
  const actions = useDisputeActions({ id: dispute.id, form, onResolved: hold.settle });
  const next = useNextDispute({ replace: true, before: hold.letGo });
  const [tab, setTab] = useState(DETAILS_TAB);
  // Only the employee holding the assignment may search users and resolve.
  const activeTab = hold.holding ? tab : DETAILS_TAB;

  const back = async () => {
    await hold.letGo();
    await navigate('/disputes/unresolved');
  };

  const applyUser = (user: DisputeUserResult) => {
    form.applyUser(user);
    flashDispute(DISPUTE_MESSAGES.userApplied, 'success');
    setTab(DETAILS_TAB);
  };

  return (
    <Stack gap="md">
      <DisputeHeader
        dispute={dispute}
        onBack={() => void back()}
        onGetNext={() => void next.getNext()}
        busy={next.pending}
      />
      {hold.heldByOther && (
        <Alert color="yellow" variant="light" title="Read only">
          {DISPUTE_MESSAGES.heldByOther}
        </Alert>
      )}
      {dispute.status === 'resolved' && (
        <Alert color="green" variant="light" title="Resolved">
          This dispute has been resolved and can no longer be edited.
        </Alert>
      )}
      {dispute.failed_responses_count > 0 && (
        <Alert color="orange" variant="light" title={`${dispute.failed_responses_count} Failed Attempt(s)`}>
          {dispute.latest_failed_response_error ?? 'The last response could not be sent.'}
        </Alert>
      )}
      <Grid gap="md" align="stretch">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Paper withBorder radius="md" p="md">
            <Tabs value={activeTab} onChange={(value) => setTab(value ?? DETAILS_TAB)} keepMounted>
              <Tabs.List mb="md">
                <Tabs.Tab value={DETAILS_TAB}>Details</Tabs.Tab>
                <Tabs.Tab value={USER_SEARCH_TAB} disabled={!hold.holding}>
                  User Search
                </Tabs.Tab>
                <Tabs.Tab value={RESOLUTION_TAB} disabled={!hold.holding}>
                  Resolution
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value={DETAILS_TAB}>
                <DisputeDetailsTab
                  form={form}
                  editable={hold.holding}
                  saving={actions.saving}
                  onSave={() => void actions.save()}
                />
              </Tabs.Panel>
              <Tabs.Panel value={USER_SEARCH_TAB}>
                {hold.holding && <DisputeUserSearchTab onSelect={applyUser} />}
              </Tabs.Panel>
              <Tabs.Panel value={RESOLUTION_TAB}>
                {hold.holding && (
                  <DisputeResolutionTab
                    values={form.values}
                    dirty={form.dirty}
                    resolving={actions.resolving}
                    onEdit={() => setTab(DETAILS_TAB)}
                    onResolve={(responseType, outcome) => void actions.resolve(responseType, outcome)}
                  />
                )}
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <DocumentFrame
            url={dispute.dispute_url}
            title={`Dispute #${dispute.id} document`}
            minHeight={DOCUMENT_MIN_HEIGHT}
            placeholder="No document available for this dispute"
          />
        </Grid.Col>
      </Grid>
      <InactivityModal secondsLeft={hold.secondsLeft} onContinue={hold.continueWorking} />
    </Stack>
  );
}

// /disputes/{id} (spec 001 sections 2 and 4). Mount it with key={id}: each dispute starts afresh.
export function DisputeDetailPage({ id }: { id: number }) {
  const me = useSession()?.employeeId ?? null;
  const dispute = useDispute(id);
  if (dispute.data) return <DisputeWorkspace dispute={dispute.data} me={me} />;
  if (dispute.isError)
    return (
      <Alert color="red" variant="light">
        Error loading dispute: {failureMessages(dispute.error, 'Something went wrong').join(' ')}
      </Alert>
    );
  return <Text>Loading...</Text>;
}
