import { Badge, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { FIELD_VERIFICATIONS, type AcdvField, type FieldVerification } from '@portal/contracts';
import { metro2Meaning, type Metro2Set } from '../metro2-words.ts';

type AcdvFieldsTableProps = {
  fields: readonly AcdvField[];
  verifications: Readonly<Record<string, FieldVerification>>;
  onChange: (name: string, verification: FieldVerification) => void;
  disabled?: boolean;
};

const GROUPS: ReadonlyArray<{ group: AcdvField['group']; caption: string }> = [
  { group: 'consumer', caption: 'Consumer' },
  { group: 'account', caption: 'Account' },
];

// Compared fields holding Metro 2 codes: their meaning is shown under the code.
const CODE_SETS: Readonly<Record<string, Metro2Set>> = {
  account_status: 'account_status',
  payment_rating: 'payment_rating',
  consumer_information_indicator: 'consumer_information_indicator',
  compliance_condition_code: 'compliance_condition',
};

function Value({ field, value }: { field: AcdvField; value: string | null }) {
  if (value === null)
    return (
      <Text fz="sm" c="dimmed">
        —
      </Text>
    );
  const set = CODE_SETS[field.name];
  const meaning = set ? metro2Meaning(set, value) : null;
  return (
    <Stack gap={0}>
      <Text
        fz="sm"
        ff={field.name === 'payment_history_profile' ? 'monospace' : undefined}
        style={{ wordBreak: 'break-all' }}
      >
        {value}
      </Text>
      {meaning && (
        <Text fz="xs" c="dimmed">
          {meaning}
        </Text>
      )}
    </Stack>
  );
}

// How a row stands out: the bureau and the Portal disagree (DIFF), or the Portal has nothing (UNKN).
function Difference({ field }: { field: AcdvField }) {
  if (field.suggested === 'DIFF')
    return (
      <Badge size="xs" color="red" variant="light">
        Differs
      </Badge>
    );
  if (field.suggested === 'UNKN')
    return (
      <Badge size="xs" color="yellow" variant="light">
        No Portal value
      </Badge>
    );
  return null;
}

// The fields the bureau asks about, the bureau's value beside the Portal's, each answered SAME,
// DIFF or UNKN (spec 001 sections 2 and 9); grouped Consumer, then Account.
export function AcdvFieldsTable({ fields, verifications, onChange, disabled = false }: AcdvFieldsTableProps) {
  return (
    <Stack gap="lg">
      {GROUPS.map(({ group, caption }) => {
        const rows = fields.filter((field) => field.group === group);
        if (rows.length === 0) return null;
        return (
          <Table key={group} captionSide="top" verticalSpacing={6} fz="sm" layout="fixed">
            <Table.Caption style={{ textAlign: 'left', fontWeight: 700, color: 'var(--mantine-color-text)' }}>
              {caption}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="24%">Field</Table.Th>
                <Table.Th w="24%">Bureau</Table.Th>
                <Table.Th w="24%">Portal</Table.Th>
                <Table.Th w="28%">Verification</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((field) => (
                <Table.Tr
                  key={field.name}
                  data-differs={field.suggested !== 'SAME' || undefined}
                  bg={
                    field.suggested === 'DIFF'
                      ? 'var(--mantine-color-red-0)'
                      : field.suggested === 'UNKN'
                        ? 'var(--mantine-color-yellow-0)'
                        : undefined
                  }
                >
                  <Table.Th scope="row" fw={500}>
                    <Group gap={6}>
                      <span>{field.label}</span>
                      <Difference field={field} />
                    </Group>
                  </Table.Th>
                  <Table.Td>
                    <Value field={field} value={field.bureau} />
                  </Table.Td>
                  <Table.Td>
                    <Value field={field} value={field.portal} />
                  </Table.Td>
                  <Table.Td>
                    <SegmentedControl
                      size="xs"
                      aria-label={`Verification of ${field.label}`}
                      data={[...FIELD_VERIFICATIONS]}
                      value={verifications[field.name] ?? field.suggested}
                      onChange={(value) => onChange(field.name, value as FieldVerification)}
                      disabled={disabled}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        );
      })}
    </Stack>
  );
}
