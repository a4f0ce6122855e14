import { useState } from 'react';
import { Button, Checkbox, Grid, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import {
  ACDV_CONSUMER_DISAGREES_LABEL,
  ACDV_RESPONSE_CODE_OPTIONS,
  acdvDisagreementProblem,
  type Acdv,
  type AcdvRequestResponse,
  type FieldVerification,
} from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useRespondToAcdv } from '../api/respond-to-acdv.ts';
import { failureMessages, flashTop } from '../credit-flash.ts';
import { AcdvFieldsTable } from './acdv-fields-table.tsx';
import { AcdvImageView } from './acdv-image-view.tsx';
import { AcdvMatch } from './acdv-match.tsx';
import { AcdvRequestHeader } from './acdv-request-header.tsx';

type AcdvRequestViewProps = {
  answer: AcdvRequestResponse & { acdv: Acdv };
  onSkip: (controlNumber: string) => void;
  // The next request is being loaded: nothing can be answered meanwhile.
  busy: boolean;
};

const RESPONSE_CODE_DATA = [
  { value: '', label: 'Choose a response code' },
  ...ACDV_RESPONSE_CODE_OPTIONS.map((option) => ({ value: option.code, label: `${option.code} — ${option.meaning}` })),
];

// The verifications as the server suggests them (responseVerification), each field of the list
// answered, so a response always names every field.
function initialVerifications(answer: AcdvRequestResponse & { acdv: Acdv }): Record<string, FieldVerification> {
  return Object.fromEntries(
    answer.acdv.fields.map((field) => [field.name, answer.responseVerification[field.name] ?? field.suggested]),
  );
}

// One ACDV request (spec 001 sections 2, 4, 7, 9): the bureau's data beside the Portal's, a
// verification per field, the dispute image, a response code; Skip or Submit. Mount it with
// key={control_number}: each request starts from its own suggestions.
export function AcdvRequestView({ answer, onSkip, busy }: AcdvRequestViewProps) {
  const { acdv } = answer;
  const [verifications, setVerifications] = useState(() => initialVerifications(answer));
  const [code, setCode] = useState('');
  const [codeMissing, setCodeMissing] = useState(false);
  const [consumerDisagrees, setConsumerDisagrees] = useState(false);
  // The rule the server applies: no disagreement with a deletion or a misrouted request.
  const disagreementProblem = acdvDisagreementProblem(code, consumerDisagrees);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const respond = useRespondToAcdv();
  const disabled = busy || respond.isPending;

  const submit = async () => {
    setErrors([]);
    if (code === '') {
      setCodeMissing(true);
      return;
    }
    if (disagreementProblem) return;
    try {
      const result = await respond.mutateAsync({
        control_number: acdv.control_number,
        response_verification: verifications,
        acdv_response_code: code,
        consumer_disagrees: consumerDisagrees,
      });
      flashTop(result.message);
    } catch (error) {
      setErrors(failureMessages(error));
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <AcdvRequestHeader acdv={acdv} remaining={answer.count} />
          <AcdvMatch user={answer.user} loan_id={answer.loan_id} accountNumber={acdv.account_number} />
        </Stack>
      </Paper>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, xl: answer.hasImage ? 7 : 12 }}>
          <Paper withBorder radius="md" p="md">
            <AcdvFieldsTable
              fields={acdv.fields}
              verifications={verifications}
              onChange={(name, verification) => setVerifications((current) => ({ ...current, [name]: verification }))}
              disabled={disabled}
            />
          </Paper>
        </Grid.Col>
        {answer.hasImage && (
          <Grid.Col span={{ base: 12, xl: 5 }}>
            <Paper withBorder radius="md" p="md">
              <AcdvImageView controlNumber={acdv.control_number} />
            </Paper>
          </Grid.Col>
        )}
      </Grid>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          {errors.length > 0 && (
            <ErrorAlert title="The response was not sent" errors={errors} onClose={() => setErrors([])} />
          )}
          <NativeSelect
            label="Response code"
            data={RESPONSE_CODE_DATA}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setCodeMissing(false);
            }}
            error={codeMissing ? 'Choose a response code.' : undefined}
            disabled={disabled}
            maw={480}
          />
          {/* Before the buttons, so the keyboard reaches it before Submit. */}
          <Checkbox
            label={ACDV_CONSUMER_DISAGREES_LABEL}
            description="The investigation is complete but the consumer does not accept it: the loan is reported XC (consumer disagrees)."
            checked={consumerDisagrees}
            onChange={(event) => setConsumerDisagrees(event.currentTarget.checked)}
            error={disagreementProblem ?? undefined}
            aria-invalid={disagreementProblem !== null}
            disabled={disabled}
          />
          <Group gap="sm">
            <Button variant="default" onClick={() => onSkip(acdv.control_number)} disabled={disabled}>
              Skip
            </Button>
            <Button onClick={() => void submit()} loading={respond.isPending} disabled={busy}>
              Submit
            </Button>
          </Group>
          <Text fz="xs" c="dimmed">
            Skip leaves this request for later (or a colleague); Submit sends the response code with the verification of
            every field above.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
