import { Card, Stack, Text, Title } from '@mantine/core';
import { useGenerateCorrectionFile } from '../api/generate-correction-file.ts';
import { useReportingFiles } from '../api/get-reporting-files.ts';
import { failureMessages } from '../credit-flash.ts';
import { MakeFileButton } from './make-file-button.tsx';

// The Metro 2 correction file (POST cr_adj/correction_file) of every Delete and Resend adjustment
// still waiting for one.
export function CorrectionFileCard() {
  const files = useReportingFiles();
  const generate = useGenerateCorrectionFile();
  const pending = files.data?.pending_adjustments;
  return (
    <Card withBorder radius="md" p="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="md">
          Correction file
        </Title>
        {files.isError ? (
          <Text fz="sm" c="red.7" role="alert">
            {failureMessages(files.error).join(' ')}
          </Text>
        ) : (
          pending !== undefined && (
            <Text fz="sm">
              {pending === 1 ? '1 adjustment is' : `${pending} adjustments are`} waiting for a correction file.
            </Text>
          )
        )}
        <MakeFileButton making={generate}>Generate correction file</MakeFileButton>
      </Stack>
    </Card>
  );
}
