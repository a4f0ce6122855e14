import { useId, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Input, List, Stack, Text, Title } from '@mantine/core';
import type { AcdvImportResponse, UploadFailure } from '@portal/contracts';
import { ChosenFileItem, chosenFileKey, sameFile } from '../../../components/chosen-file-item.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useImportAcdvs } from '../api/import-acdvs.ts';
import { failureMessages, flashTop } from '../credit-flash.ts';

type Outcome = { report: AcdvImportResponse } | { failedFiles: readonly UploadFailure[]; errors: readonly string[] };

function failedFilesOf(error: unknown): readonly UploadFailure[] {
  const failed = error instanceof ApiError ? error.details.failed_files : undefined;
  return Array.isArray(failed)
    ? failed.filter(
        (entry): entry is UploadFailure =>
          typeof entry === 'object' && entry !== null && typeof (entry as UploadFailure).file_name === 'string',
      )
    : [];
}

function FailedFiles({ failures }: { failures: readonly UploadFailure[] }) {
  if (failures.length === 0) return null;
  return (
    <Stack gap={2}>
      <Text fz="sm" fw={600}>
        Files that could not be read
      </Text>
      <List size="sm">
        {failures.map((failure) => (
          <List.Item key={failure.file_name}>
            {failure.file_name}: {failure.error}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

// What the import did: how many requests came in, which were already imported, each skipped record
// with every problem found, and the files refused as a whole.
function ImportReport({ outcome }: { outcome: Outcome }) {
  if ('errors' in outcome)
    return (
      <Alert color="red" variant="light" title="Nothing was imported">
        <Stack gap="xs">
          {outcome.failedFiles.length === 0 && <Text fz="sm">{outcome.errors.join(' ')}</Text>}
          <FailedFiles failures={outcome.failedFiles} />
        </Stack>
      </Alert>
    );
  const { report } = outcome;
  const troubled = report.skipped.length > 0 || report.failed_files.length > 0;
  return (
    <Alert color={troubled ? 'yellow' : 'green'} variant="light" title="Import report">
      <Stack gap="xs">
        <Text fz="sm">{report.message}</Text>
        <Text fz="sm">
          Imported: <strong>{report.imported}</strong>
        </Text>
        {report.duplicates.length > 0 && (
          <Text fz="sm">Already imported (skipped): {report.duplicates.join(', ')}</Text>
        )}
        {report.skipped.length > 0 && (
          <Stack gap={2}>
            <Text fz="sm" fw={600}>
              Skipped records
            </Text>
            <List size="sm">
              {report.skipped.map((problem) => (
                <List.Item key={`${problem.record}-${problem.control_number ?? ''}`}>
                  Record {problem.record}
                  {problem.control_number ? ` (${problem.control_number})` : ''}: {problem.errors.join(' ')}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        <FailedFiles failures={report.failed_files} />
      </Stack>
    </Alert>
  );
}

// Import ACDV requests (POST fcra/import_acdvs): JSON or CSV files in the Portal's format
// (docs/acdv-import.md), each listed and removable before the upload.
export function AcdvImportCard() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const importAcdvs = useImportAcdvs();

  const upload = async () => {
    setOutcome(null);
    try {
      const report = await importAcdvs.mutateAsync(files);
      setOutcome({ report });
      flashTop(report.message, report.skipped.length > 0 || report.failed_files.length > 0 ? 'warning' : 'success');
      setFiles([]);
    } catch (error) {
      setOutcome({ failedFiles: failedFilesOf(error), errors: failureMessages(error) });
    }
  };

  return (
    <Card withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="md">
          Import ACDV requests
        </Title>
        <Input.Wrapper
          label="ACDV request files"
          description="JSON or CSV files in the Portal's ACDV format; several at once."
          id={inputId}
        >
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept=".json,.csv,application/json,text/csv"
            disabled={importAcdvs.isPending}
            style={{ display: 'block', marginTop: 4, fontSize: 14 }}
            onChange={(event) => {
              const chosen = Array.from(event.currentTarget.files ?? []);
              setFiles((listed) => [
                ...listed,
                ...chosen.filter((file) => !listed.some((other) => sameFile(file, other))),
              ]);
              event.currentTarget.value = '';
            }}
          />
        </Input.Wrapper>
        {files.length > 0 && (
          <List spacing={2} listStyleType="none" aria-label="Files to import">
            {files.map((file) => (
              <ChosenFileItem
                key={chosenFileKey(file)}
                file={file}
                disabled={importAcdvs.isPending}
                onRemove={() => setFiles((listed) => listed.filter((other) => !sameFile(file, other)))}
              />
            ))}
          </List>
        )}
        <Group>
          <Button onClick={() => void upload()} disabled={files.length === 0} loading={importAcdvs.isPending}>
            Import
          </Button>
        </Group>
        {outcome && <ImportReport outcome={outcome} />}
      </Stack>
    </Card>
  );
}
