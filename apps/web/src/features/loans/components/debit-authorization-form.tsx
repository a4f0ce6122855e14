import { useState, type FormEvent } from 'react';
import { Button, Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import {
  DEBIT_AUTHORIZATION_METHODS,
  DEBIT_AUTHORIZATION_NOTE_MIN,
  debitAuthorizationMethodLabels,
  debitAuthorizationProblems,
  type DebitAuthorizationMethod,
  type DebitStop,
} from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { useRecordDebitAuthorization } from '../api/record-debit-authorization.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';

// A datetime-local value (the employee's own clock, to the minute) as an instant; null if not one.
function instantOf(local: string): string | null {
  const at = local ? new Date(local) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null;
}

type DebitAuthorizationFormProps = { stop: DebitStop; onClose: () => void };

// The customer's new authorization of automatic debits (12 CFR 1041.8(c)): how and when they gave
// it, and a note, required (what was authorized and where it is kept: lifting a stop is lifting a
// duty). The rules are the server's own (debitAuthorizationProblems): they show under their fields
// once the form was sent, and follow each change; the server's refusal shows above.
export function DebitAuthorizationForm({ stop, onClose }: DebitAuthorizationFormProps) {
  const [method, setMethod] = useState<DebitAuthorizationMethod | null>(null);
  const [givenAt, setGivenAt] = useState('');
  const [note, setNote] = useState('');
  const [checked, setChecked] = useState(false);
  const events = useLoanMutationEvents();
  const record = useRecordDebitAuthorization({ mutationConfig: { onSuccess: events.onSuccess } });
  const problemsNow = () =>
    debitAuthorizationProblems(
      { method, givenAt: instantOf(givenAt), note },
      { stoppedAt: stop.stopped_at, now: new Date() },
    );
  const problems = checked ? problemsNow() : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const given = instantOf(givenAt);
    if (Object.keys(problemsNow()).length > 0 || !method || !given) return;
    record.mutate({ user_id: stop.customer_id, method, given_at: given, note: note.trim() }, { onSuccess: onClose });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New authorization">
      <Stack gap="sm">
        {record.isError && (
          <ErrorAlert title="Not recorded" errors={errorMessages(record.error)} onClose={() => record.reset()} />
        )}
        <Radio.Group
          label="How the customer gave it"
          withAsterisk
          value={method}
          onChange={(value) => setMethod(value as DebitAuthorizationMethod)}
          error={problems.method}
        >
          <Stack gap={6} mt={4}>
            {DEBIT_AUTHORIZATION_METHODS.map((entry) => (
              <Radio key={entry} value={entry} label={debitAuthorizationMethodLabels[entry]} />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          type="datetime-local"
          label="When the customer gave it"
          description="Your local time: after debits stopped, and not later than now."
          withAsterisk
          value={givenAt}
          onChange={(event) => setGivenAt(event.currentTarget.value)}
          error={problems.givenAt}
        />
        <Textarea
          label="Note"
          description={`At least ${DEBIT_AUTHORIZATION_NOTE_MIN} characters: what the customer authorized (amounts, dates, account) and where it is kept${method === 'recorded_call' ? " (the call's recording)" : ''}.`}
          withAsterisk
          autosize
          minRows={2}
          maxRows={6}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={problems.note}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Record authorization
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
