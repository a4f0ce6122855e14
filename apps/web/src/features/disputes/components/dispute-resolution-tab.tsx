import { useState } from 'react';
import { Button, Checkbox, Fieldset, Group, Select, Stack, Table, Text } from '@mantine/core';
import {
  DISPUTE_OUTCOME_LABELS,
  DISPUTE_RESPONSE_TYPES,
  disputeOutcomeProblems,
  disputeTypeLabel,
  type DisputeFormValues,
} from '@portal/contracts';

// What the resolution says beside the response type (decision 049).
export type ResolutionOutcome = { consumer_disagrees: boolean; in_consumers_favour: boolean };

type DisputeResolutionTabProps = {
  values: DisputeFormValues;
  dirty: boolean;
  resolving: boolean;
  onEdit: () => void;
  onResolve: (responseType: string | null, outcome: ResolutionOutcome) => void;
};

const OUTCOME_HINTS: Record<keyof ResolutionOutcome, string> = {
  consumer_disagrees:
    'The investigation is complete but the consumer does not accept it: the loan is reported XC (consumer disagrees).',
  in_consumers_favour:
    'The loan was corrected for the consumer: the next Metro 2 correction file sends it to the credit bureaus.',
};

const RESPONSE_OPTIONS = DISPUTE_RESPONSE_TYPES.map((type) => ({ value: type.apiValue, label: type.label }));

const shown = (text: string) => (text.trim() === '' ? '—' : text);
const yesNo = (answer: boolean | null) => (answer ? 'Yes' : 'No');

function responseAddress(values: DisputeFormValues): string {
  const line = [values.city, [values.state, values.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return shown([values.street, line].filter(Boolean).join(', '));
}

// The Resolution tab (spec 001 section 2): what the response will say, read-only (edits included),
// the response type to send, and what the resolution means for credit reporting: in the consumer's
// favour, or the consumer still disagreeing (either needs a loan). Unsaved edits are saved first.
export function DisputeResolutionTab({ values, dirty, resolving, onEdit, onResolve }: DisputeResolutionTabProps) {
  const [responseType, setResponseType] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ResolutionOutcome>({ consumer_disagrees: false, in_consumers_favour: false });
  // Shown as soon as a choice is ticked without a loan, not only when Resolve is pressed.
  const outcomeProblems = disputeOutcomeProblems(values, outcome);
  const rows: [string, string][] = [
    ['User ID', shown(values.user_id)],
    ['Loan ID', shown(values.loan_id)],
    ['Name', shown([values.first_name, values.last_name].filter(Boolean).join(' '))],
    ['Response Address', responseAddress(values)],
    ['Dispute Type', disputeTypeLabel(values.type)],
    ['Sent by a third party?', yesNo(values.sent_by_third_party)],
    ['Contains a valid 3PA or POA?', yesNo(values.contains_valid_3pa)],
  ];

  return (
    <Stack gap="md">
      <Table withRowBorders fz="sm" aria-label="Dispute summary">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={220}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button variant="default" onClick={onEdit}>
          Edit Details
        </Button>
      </Group>
      <Select
        label="Response Type"
        placeholder="Select a response type"
        data={RESPONSE_OPTIONS}
        value={responseType}
        onChange={setResponseType}
        maw={360}
      />
      <Fieldset legend="Outcome for credit reporting" variant="unstyled">
        <Stack gap="xs">
          {(['in_consumers_favour', 'consumer_disagrees'] as const).map((key) => (
            <Checkbox
              key={key}
              label={DISPUTE_OUTCOME_LABELS[key]}
              description={OUTCOME_HINTS[key]}
              checked={outcome[key]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setOutcome((current) => ({ ...current, [key]: checked }));
              }}
              error={outcomeProblems[key]}
              aria-invalid={outcomeProblems[key] !== undefined}
            />
          ))}
        </Stack>
      </Fieldset>
      {dirty && (
        <Text fz="sm" c="dimmed">
          Your unsaved changes are saved before the dispute is resolved.
        </Text>
      )}
      <Group justify="flex-end">
        <Button color="green" loading={resolving} onClick={() => onResolve(responseType, outcome)}>
          {dirty ? 'Save Changes and Resolve Dispute' : 'Resolve Dispute'}
        </Button>
      </Group>
    </Stack>
  );
}
