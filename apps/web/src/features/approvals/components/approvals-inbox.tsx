import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, EmptyState, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { APPROVAL_NOTE_MAX, approvalActionLabels, type Approval } from '@portal/contracts';
import { FormModal } from '../../../components/form-modal.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { flash, flashError } from '../../../lib/flash.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { userPath } from '../../../lib/user-path.ts';
import { useApprovals, useApproveAction, useRejectAction } from '../api/approvals.ts';

type ItemProps = {
  approval: Approval;
  mine: boolean;
  deciding: boolean;
  onApprove: (approval: Approval) => void;
  onReject: (approval: Approval) => void;
};

function ApprovalItem({ approval, mine, deciding, onApprove, onReject }: ItemProps) {
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="sm"
      style={{ listStyle: 'none' }}
      aria-label={approval.summary}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600}>{approval.summary}</Text>
          <Badge size="sm" variant="light" color="orange">
            {approvalActionLabels[approval.action]}
          </Badge>
        </Group>
        <Text fz="sm">
          Asked by {approval.made_by ?? `employee #${approval.made_by_id}`} on {formatDateTime(approval.made_at)};
          expires {formatDateTime(approval.expires_at)}.
        </Text>
        <Group gap="md">
          {approval.customer_id !== null && (
            <Anchor component={Link} to={userPath(approval.customer_id)} fz="sm">
              Open customer #{approval.customer_id}
              {approval.loan_id !== null ? ` (loan #${approval.loan_id})` : ''}
            </Anchor>
          )}
        </Group>
        {mine ? (
          <Text fz="sm" c="dimmed">
            You asked for this: a second employee decides it.
          </Text>
        ) : (
          <Group gap="sm">
            <Button size="xs" color="green.8" loading={deciding} onClick={() => onApprove(approval)}>
              Approve
            </Button>
            <Button size="xs" variant="default" disabled={deciding} onClick={() => onReject(approval)}>
              Reject…
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

// The approvals inbox (issue 41): refunds, credits, settlements, invalidations and SSN changes that
// wait for a second employee, oldest first. Approve carries the action out as it was asked, with the
// rules as they stand now; Reject asks why and changes nothing. One's own requests are listed but
// cannot be decided here.
export function ApprovalsInbox() {
  const session = useSession();
  const approvals = useApprovals();
  const [deciding, setDeciding] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<Approval | null>(null);
  const [note, setNote] = useState('');
  const [rejectErrors, setRejectErrors] = useState<string[]>([]);
  const approve = useApproveAction({
    mutationConfig: {
      onSuccess: (answer) => flash(answer.message),
      onError: (error) => flashError(errorMessages(error).join(' ')),
      onSettled: () => setDeciding(null),
    },
  });
  const reject = useRejectAction({
    mutationConfig: {
      onSuccess: (answer) => {
        flash(answer.message);
        setRejecting(null);
      },
      onError: (error) => setRejectErrors([...errorMessages(error)]),
    },
  });
  const list = approvals.data?.approvals ?? [];

  const submitReject = (event: FormEvent) => {
    event.preventDefault();
    if (!rejecting) return;
    if (note.trim().length < 3) {
      setRejectErrors(['Say why the action is rejected.']);
      return;
    }
    reject.mutate({ id: rejecting.id, note: note.trim() });
  };

  return (
    <Stack gap="md" maw={820}>
      <Stack gap={2}>
        <Title order={1} fz={24}>
          Approvals
        </Title>
        <Text fz="sm" c="dimmed">
          Actions on money and identity that wait for a second employee. Approving carries the action out as it was
          asked; rejecting changes nothing. {approvals.data ? `${approvals.data.pending_count} waiting.` : ''}
        </Text>
      </Stack>
      {approvals.isError && (
        <Alert color="red" variant="light">
          The approvals could not be loaded: {errorMessages(approvals.error).join(' ')}
        </Alert>
      )}
      {approvals.isPending ? (
        <Text>Loading…</Text>
      ) : list.length === 0 ? (
        <Card withBorder radius="md" py="xl">
          <EmptyState
            title="Nothing waits"
            description="Refunds and credits colleagues ask for show here until decided."
          />
        </Card>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label="Actions waiting, oldest first">
          {list.map((approval) => (
            <ApprovalItem
              key={approval.id}
              approval={approval}
              mine={approval.made_by_id === session?.employeeId}
              deciding={deciding === approval.id}
              onApprove={(chosen) => {
                setDeciding(chosen.id);
                approve.mutate(chosen.id);
              }}
              onReject={(chosen) => {
                setRejecting(chosen);
                setNote('');
                setRejectErrors([]);
              }}
            />
          ))}
        </Stack>
      )}
      <FormModal
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title="Reject the action"
        intro={
          rejecting ? `${rejecting.summary}: nothing changes, and your reason is kept with the decision.` : undefined
        }
        errors={rejectErrors}
        onDismissErrors={() => setRejectErrors([])}
        onSubmit={submitReject}
        pending={reject.isPending}
        submitLabel="Reject"
      >
        <Textarea
          label="Why"
          required
          autosize
          minRows={3}
          maxLength={APPROVAL_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          data-autofocus
        />
      </FormModal>
    </Stack>
  );
}
