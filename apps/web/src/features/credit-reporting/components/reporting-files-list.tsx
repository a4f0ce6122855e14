import { Button, Card, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReportingFile } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDownloadReportingFile } from '../api/download-reporting-file.ts';
import { useReportingFiles } from '../api/get-reporting-files.ts';
import { failureMessages, flashTop } from '../credit-flash.ts';

const KIND_LABELS: Record<ReportingFile['kind'], string> = {
  acdv_response: 'ACDV responses',
  metro2_correction: 'Metro 2 corrections',
};

// The download of one file, fetched with the bearer header and saved under its name.
export function DownloadFileButton({ file }: { file: Pick<ReportingFile, 'id' | 'file_name'> }) {
  const download = useDownloadReportingFile();
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      aria-label={`Download ${file.file_name}`}
      loading={download.isPending}
      onClick={() =>
        download.mutate(file, {
          onError: (error) => {
            for (const message of failureMessages(error)) flashTop(message, 'error');
          },
        })
      }
    >
      Download
    </Button>
  );
}

type ReportingFilesListProps = { title: string; kind?: ReportingFile['kind'] };

// The recent files made for the credit bureaus (GET fcra/reporting_files), newest first, each
// downloadable by the desk to send.
export function ReportingFilesList({ title, kind }: ReportingFilesListProps) {
  const files = useReportingFiles();
  const shown = files.data?.files.filter((file) => kind === undefined || file.kind === kind) ?? [];
  return (
    <Card withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="md">
          {title}
        </Title>
        {files.isPending ? (
          <Group>
            <Loader size="xs" aria-label="Loading files" />
          </Group>
        ) : files.isError ? (
          <Text c="red.7" fz="sm" role="alert">
            {failureMessages(files.error).join(' ')}
          </Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed" fz="sm">
            No files yet.
          </Text>
        ) : (
          <Table fz="xs" verticalSpacing={4} aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                {kind === undefined && <Table.Th>Kind</Table.Th>}
                <Table.Th>Records</Table.Th>
                <Table.Th>Made</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Download</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{file.file_name}</Table.Td>
                  {kind === undefined && <Table.Td>{KIND_LABELS[file.kind]}</Table.Td>}
                  <Table.Td>{file.record_count}</Table.Td>
                  <Table.Td>
                    {formatDateTime(file.created_at)}
                    {file.created_by ? ` by ${file.created_by}` : ''}
                  </Table.Td>
                  <Table.Td>
                    <DownloadFileButton file={file} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
