import { Card, Stack, Text, Title } from '@mantine/core';
import { useReportingFiles } from '../api/get-reporting-files.ts';
import { useRecordAndProcessAcdvs } from '../api/record-and-process-acdvs.ts';
import { MakeFileButton } from './make-file-button.tsx';

// Record and process answered ACDVs (PATCH fcra/record_and_process_acdvs): every answer not yet
// sent goes into one response file for the bureaus.
export function RecordAcdvsCard() {
  const files = useReportingFiles();
  const record = useRecordAndProcessAcdvs();
  const waiting = files.data?.unprocessed_acdvs;
  return (
    <Card withBorder radius="md" p="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="md">
          Record and process answered ACDVs
        </Title>
        <Text fz="sm" c="dimmed">
          Writes every answered request into one response file for the bureaus and marks them processed.
        </Text>
        {waiting !== undefined && (
          <Text fz="sm">
            {waiting === 1 ? '1 answered request is' : `${waiting} answered requests are`} waiting to be recorded.
          </Text>
        )}
        <MakeFileButton making={record}>Record and process</MakeFileButton>
      </Stack>
    </Card>
  );
}
