import { Accordion, Badge, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ApiOperationMethod } from '@portal/contracts';
import { TableHead } from '../../../components/table-head.tsx';
import type { ListedOperation } from '../api-operations.ts';

const methodColors: Record<ApiOperationMethod, string> = {
  get: 'blue',
  post: 'teal',
  put: 'violet',
  patch: 'orange',
  delete: 'red',
};

// A JSON Schema as the document has it: shown, not interpreted.
function SchemaBlock({ schema, label }: { schema: unknown; label: string }) {
  if (schema === undefined) return null;
  return (
    <Code block aria-label={label} fz="xs">
      {JSON.stringify(schema, null, 2)}
    </Code>
  );
}

function schemaType(schema: unknown): string {
  if (typeof schema !== 'object' || schema === null || !('type' in schema)) return '';
  const { type } = schema;
  return Array.isArray(type) ? type.join(' | ') : String(type);
}

function Parameters({ operation }: { operation: ListedOperation['operation'] }) {
  const parameters = operation.parameters ?? [];
  if (parameters.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={4} fz="sm">
        Parameters
      </Title>
      <Table aria-label="Parameters" withTableBorder verticalSpacing={4} fz="sm">
        <TableHead columns={['Name', 'In', 'Type', 'Required']} />
        <Table.Tbody>
          {parameters.map((parameter) => (
            <Table.Tr key={`${parameter.in} ${parameter.name}`}>
              <Table.Td>
                <Code>{parameter.name}</Code>
              </Table.Td>
              <Table.Td>{parameter.in}</Table.Td>
              <Table.Td>{schemaType(parameter.schema)}</Table.Td>
              <Table.Td>{parameter.required ? 'yes' : 'no'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function RequestBody({ operation, name }: { operation: ListedOperation['operation']; name: string }) {
  const content = operation.requestBody?.content;
  if (!content) return null;
  return (
    <Stack gap={4}>
      <Title order={4} fz="sm">
        Request body
      </Title>
      {Object.entries(content).map(([type, media]) => (
        <Stack key={type} gap={4}>
          <Text fz="xs" c="dimmed">
            {type}
          </Text>
          <SchemaBlock schema={media.schema} label={`Request body of ${name} (${type})`} />
        </Stack>
      ))}
    </Stack>
  );
}

function Responses({ operation, name }: { operation: ListedOperation['operation']; name: string }) {
  return (
    <Stack gap={4}>
      <Title order={4} fz="sm">
        Responses
      </Title>
      {Object.entries(operation.responses).map(([status, response]) => (
        <Stack key={status} gap={4}>
          <Text fz="sm">
            <Code>{status}</Code> {response.description}
          </Text>
          {Object.entries(response.content ?? {}).map(([type, media]) => (
            <Stack key={type} gap={4} pl="md">
              <Text fz="xs" c="dimmed">
                {type}
              </Text>
              <SchemaBlock schema={media.schema} label={`Response ${status} of ${name} (${type})`} />
            </Stack>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

// One operation: method, path and who may call it; opened, its parameters, body and answers.
export function OperationItem({ listed }: { listed: ListedOperation }) {
  const { method, path, operation, access } = listed;
  const name = `${method.toUpperCase()} ${path}`;
  return (
    <Accordion.Item value={name}>
      {/* Named by what it shows, method and path first (WCAG 2.5.3: no aria-label that leaves out the
          summary and access a speech user may say). The method is upper case in the text itself. */}
      <Accordion.Control>
        <Group gap="sm" wrap="nowrap">
          <Badge color={methodColors[method]} variant="light" w={72}>
            {method.toUpperCase()}
          </Badge>
          <Code>{path}</Code>
          <Text fz="sm" c="dimmed" truncate>
            {operation.summary ?? operation.operationId}
          </Text>
          <Badge color={access === 'Staff session' ? 'gray' : 'yellow'} variant="outline" ml="auto">
            {access}
          </Badge>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          {operation.summary && operation.operationId && (
            <Text fz="xs" c="dimmed">
              operationId <Code>{operation.operationId}</Code>
            </Text>
          )}
          {operation.description && <Text fz="sm">{operation.description}</Text>}
          <Parameters operation={operation} />
          <RequestBody operation={operation} name={name} />
          <Responses operation={operation} name={name} />
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
