import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { maskSsn, ssnProblem } from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useUpdateSsn, type updateSsn } from '../api/update-ssn.ts';

type UpdateSsnFormProps = {
  userId: number;
  // The last four digits on file, to say what is being replaced.
  currentLast4?: string | null;
  // The screen's own effects (refresh the user card); they run after the form's.
  mutationConfig?: MutationConfig<typeof updateSsn>;
};

// Update SSN (the user page's Advanced modal): the number as staff type it, with dashes or spaces,
// checked by the rules the server uses ('Please enter a value for SSN.' when empty); Force saves a
// number another customer has. The typed number is cleared once saved.
export function UpdateSsnForm({ userId, currentLast4 = null, mutationConfig }: UpdateSsnFormProps) {
  const update = useUpdateSsn({ mutationConfig });
  const [ssn, setSsn] = useState('');
  const [force, setForce] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = ssnProblem(ssn);
    setProblem(found);
    if (found !== null) return;
    update.mutate(
      { user_id: userId, ssn: ssn.trim(), force },
      {
        onSuccess: () => {
          setSsn('');
          setForce(false);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Update SSN">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          On file: {maskSsn(currentLast4) ?? 'no SSN'}
        </Text>
        <TextInput
          label="SSN"
          placeholder="123-45-6789"
          autoComplete="off"
          inputMode="numeric"
          value={ssn}
          error={problem}
          onChange={(event) => {
            setSsn(event.currentTarget.value);
            setProblem(null);
            if (update.isSuccess || update.isError) update.reset();
          }}
        />
        <Checkbox
          label="Force: save it even if another customer has this SSN"
          checked={force}
          onChange={(event) => setForce(event.currentTarget.checked)}
        />
        {update.isSuccess && (
          <Alert color="teal" variant="light">
            {update.data.message}
          </Alert>
        )}
        {update.isError && (
          <ErrorAlert title="SSN not updated" errors={errorMessages(update.error)} onClose={() => update.reset()} />
        )}
        <Button type="submit" loading={update.isPending}>
          Update SSN
        </Button>
      </Stack>
    </form>
  );
}
