import { useState } from 'react';
import { Accordion, Alert, Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ApiDocument } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { useApiDocument } from '../api/get-api-document.ts';
import { groupOperations } from '../api-operations.ts';
import { OperationItem } from './operation-details.tsx';

// How long the download's object URL stays valid: enough for the browser to save it.
const OBJECT_URL_LIFETIME_MS = 60_000;

// The document itself, for other tools (code generators, Postman): fetched with the session's
// bearer token like every call, so it is saved from memory rather than linked.
function downloadDocument(apiDocument: ApiDocument): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(apiDocument, null, 2)], { type: 'application/json' }));
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'openapi.json';
  link.click();
}

// The API described (/api-docs): every operation of the server's OpenAPI document, by domain.
// Our own page rather than Swagger UI, so it runs under the app's CSP as it is (no inline script).
export function ApiDocsPage() {
  const apiDocument = useApiDocument();
  const [filter, setFilter] = useState('');

  if (apiDocument.isError) {
    return (
      <Alert color="red" variant="light" title="The API description could not be loaded">
        {errorMessages(apiDocument.error).join(' ')}
      </Alert>
    );
  }
  if (apiDocument.isPending) return <Skeleton h={240} aria-label="Loading the API description" />;

  const { data } = apiDocument;
  const groups = groupOperations(data, filter);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {data.info.title}
        </Title>
        <Button variant="default" onClick={() => downloadDocument(data)}>
          Download openapi.json
        </Button>
      </Group>
      <Text fz="sm" c="dimmed">
        {data.info.description} OpenAPI {data.openapi}, version {data.info.version}.
      </Text>
      <TextInput
        label="Filter operations"
        placeholder="toggle_ach, patch, webhooks"
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
      />
      {groups.length === 0 && <Text>No operation matches.</Text>}
      {groups.map((group) => (
        <Stack key={group.tag} gap="xs" component="section" aria-label={group.tag}>
          <Title order={2} fz="h4">
            {group.tag}
          </Title>
          <Accordion variant="separated" multiple chevronPosition="left">
            {group.operations.map((listed) => (
              <OperationItem key={`${listed.method} ${listed.path}`} listed={listed} />
            ))}
          </Accordion>
        </Stack>
      ))}
    </Stack>
  );
}
