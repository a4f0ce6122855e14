import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Checkbox, Group, Loader, Stack, Textarea } from '@mantine/core';
import { REREQUEST_NOTE_MAX_LENGTH, type IncomeReviewItem } from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { useRerequestReasons } from '../api/get-rerequest-reasons.ts';
import { useRequestNewStub } from '../api/request-new-stub.ts';
import { failureMessages, flashTop } from './income-flash.ts';

export const NO_REASON_MESSAGE = 'Choose at least one reason.';

type RerequestFormProps = {
  item: IncomeReviewItem;
  // The next loan is on its way: nothing more is sent for this one.
  busy: boolean;
};

// Ask the customer for a new paystub (spec 001 sections 2 and 7): at least one reason, each shown
// with the words the customer will read, and an optional note.
export function RerequestForm({ item, busy }: RerequestFormProps) {
  const reasons = useRerequestReasons();
  const [chosen, setChosen] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const request = useRequestNewStub();

  if (reasons.isPending)
    return (
      <Center mih={160}>
        <Loader size="sm" aria-label="Loading the reasons" />
      </Center>
    );
  if (reasons.isError)
    return (
      <Alert color="red" variant="light" title="The reasons could not be loaded">
        <Stack gap="xs" align="flex-start">
          {errorMessages(reasons.error).join(' ')}
          <Button size="xs" variant="light" onClick={() => void reasons.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setErrors([]);
    if (chosen.length === 0) return;
    // In the list's order, whatever order they were ticked in.
    const keys = reasons.data.reasons.map((reason) => reason.key).filter((key) => chosen.includes(key));
    try {
      const answer = await request.mutateAsync({ loan_id: item.loan_id, reasons: keys, note });
      flashTop(answer.message);
    } catch (error) {
      setErrors(failureMessages(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Re-request Documents">
      <Stack gap="sm">
        {errors.length > 0 && (
          <ErrorAlert title="No new paystub was requested" errors={errors} onClose={() => setErrors([])} />
        )}
        <Checkbox.Group
          label="Reasons"
          description="The customer is told each reason chosen."
          value={chosen}
          onChange={setChosen}
          error={submitted && chosen.length === 0 ? NO_REASON_MESSAGE : undefined}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {reasons.data.reasons.map((reason) => (
              <Checkbox key={reason.key} value={reason.key} label={reason.label} description={reason.text} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Textarea
          label="Note"
          description={`Optional, up to ${REREQUEST_NOTE_MAX_LENGTH} characters.`}
          autosize
          minRows={3}
          maxLength={REREQUEST_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={request.isPending} disabled={busy}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
