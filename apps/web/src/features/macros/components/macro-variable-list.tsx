import { useState } from 'react';
import { Accordion, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  ASKED_LABEL_MAX_LENGTH,
  MACRO_VARIABLES,
  type MacroVariable,
  type MacroVariableSource,
} from '@portal/contracts';

type MacroVariableListProps = {
  // Puts the variable's token at the text's cursor.
  onInsert: (token: string) => void;
};

const GROUPS: ReadonlyArray<{ source: MacroVariableSource; title: string; note: string }> = [
  {
    source: 'account',
    title: "From the customer's account",
    note: "Filled from the ticket's customer and their active loan when the agent inserts the macro.",
  },
  { source: 'employee', title: 'From the agent sending it', note: 'Filled from the signed-in agent.' },
  {
    source: 'agent',
    title: 'Asked of the agent',
    note: 'The agent types these in a small form when inserting the macro.',
  },
];

function VariableRows({
  variables,
  onInsert,
}: {
  variables: readonly MacroVariable[];
  onInsert: (token: string) => void;
}) {
  return (
    <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm">
      <Table.Tbody>
        {variables.map((variable) => (
          <Table.Tr key={variable.name}>
            <Table.Td w={1} style={{ whiteSpace: 'nowrap' }}>
              <Button
                size="compact-sm"
                variant="light"
                ff="monospace"
                fw={500}
                aria-label={`Insert {${variable.name}}`}
                onClick={() => onInsert(`{${variable.name}}`)}
              >
                {`{${variable.name}}`}
              </Button>
            </Table.Td>
            <Table.Td>{variable.description}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

// The variables a macro may use (contracts macro-variables.ts), each with what it is; a click puts
// it at the text's cursor. A question of the macro's own is written {?label} (decision 061).
export function MacroVariableList({ onInsert }: MacroVariableListProps) {
  const [label, setLabel] = useState('');
  const cleanLabel = label.trim().replace(/\s+/g, ' ');
  const labelProblem =
    cleanLabel.length > ASKED_LABEL_MAX_LENGTH
      ? `A label has at most ${ASKED_LABEL_MAX_LENGTH} characters.`
      : /[{}]/.test(cleanLabel)
        ? 'A label cannot hold braces.'
        : null;

  return (
    <Stack gap={4}>
      <Text fz="sm" fw={500} id="macro-variables-heading">
        Variables
      </Text>
      <Text fz="xs" c="dimmed">
        Open a group and click a variable to put it at the cursor in the text. A name in braces that is not listed is
        refused when saving.
      </Text>
      <Accordion variant="contained" multiple>
        {GROUPS.map((group) => {
          const variables = MACRO_VARIABLES.filter((variable) => variable.source === group.source);
          return (
            <Accordion.Item key={group.source} value={group.source}>
              <Accordion.Control>
                {group.title} ({variables.length})
              </Accordion.Control>
              <Accordion.Panel>
                <Text fz="xs" c="dimmed" mb={4}>
                  {group.note}
                </Text>
                <VariableRows variables={variables} onInsert={onInsert} />
                {group.source === 'agent' && (
                  <Group align="flex-end" gap="xs" mt="xs" wrap="nowrap">
                    <TextInput
                      label="Ask for something else"
                      description="Written {?label}: the agent is asked for it under that label."
                      placeholder="e.g. best time to call"
                      value={label}
                      onChange={(event) => setLabel(event.currentTarget.value)}
                      error={labelProblem}
                      size="xs"
                      style={{ flex: 1 }}
                      autoComplete="off"
                    />
                    <Button
                      size="xs"
                      variant="light"
                      disabled={cleanLabel === '' || labelProblem !== null}
                      onClick={() => {
                        onInsert(`{?${cleanLabel}}`);
                        setLabel('');
                      }}
                    >
                      Insert question
                    </Button>
                  </Group>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
