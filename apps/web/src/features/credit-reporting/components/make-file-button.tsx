import type { ReactNode } from 'react';
import { Button, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReportingFile } from '@portal/contracts';
import { failureMessages, flashTop } from '../credit-flash.ts';
import { DownloadFileButton } from './reporting-files-list.tsx';

type MakeFileButtonProps = {
  making: UseMutationResult<{ message: string; file: ReportingFile | null }, Error, void>;
  children: ReactNode;
};

// A call that has the server write a file for the bureaus: its message flashed, then the file it
// made (none when there was nothing to write) with its download.
export function MakeFileButton({ making, children }: MakeFileButtonProps) {
  const file = making.data?.file;
  return (
    <>
      <Button
        variant="light"
        loading={making.isPending}
        onClick={() =>
          making.mutate(undefined, {
            onSuccess: (answer) => flashTop(answer.message),
            onError: (error) => {
              for (const message of failureMessages(error)) flashTop(message, 'error');
            },
          })
        }
      >
        {children}
      </Button>
      {file && (
        <Text fz="sm">
          Made {file.file_name} ({file.record_count} record
          {file.record_count === 1 ? '' : 's'}) <DownloadFileButton file={file} />
        </Text>
      )}
    </>
  );
}
