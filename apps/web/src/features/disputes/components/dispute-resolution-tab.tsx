import { useState } from 'react';
import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { DISPUTE_RESPONSE_TYPES, disputeTypeLabel, type DisputeFormValues } from '@portal/contracts';

type DisputeResolutionTabProps = {
  values: DisputeFormValues;
  dirty: boolean;
  resolving: boolean;
  onEdit: () => void;
  onResolve: (responseType: string | null) => void;
};

const RESPONSE_OPTIONS = DISPUTE_RESPONSE_TYPES.map((type) => ({ value: type.apiValue, label: type.label }));

const shown = (text: string) => (text.trim() === '' ? '—' : text);
const yesNo = (answer: boolean | null) => (answer ? 'Yes' : 'No');

function responseAddress(values: DisputeFormValues): string {
  const line = [values.city, [values.state, values.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return shown([values.street, line].filter(Boolean).join(', '));
}

// The Resolution tab (spec 001 section 2): what the response will say, read-only (edits included),
// and the response type to send. Unsaved edits are saved first.
export function DisputeResolutionTab({ values, dirty, resolving, onEdit, onResolve }: DisputeResolutionTabProps) {
  const [responseType, setResponseType] = useState<string | null>(null);
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
      {dirty && (
        <Text fz="sm" c="dimmed">
          Your unsaved changes are saved before the dispute is resolved.
        </Text>
      )}
      <Group justify="flex-end">
        <Button color="green" loading={resolving} onClick={() => onResolve(responseType)}>
          {dirty ? 'Save Changes and Resolve Dispute' : 'Resolve Dispute'}
        </Button>
      </Group>
    </Stack>
  );
}
