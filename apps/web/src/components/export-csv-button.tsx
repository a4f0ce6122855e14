import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Group, Text } from '@mantine/core';
import { LIST_EXPORT_MAX_ROWS, type CallDescriptor } from '@portal/contracts';
import { errorMessages } from '../lib/api-error.ts';
import { downloadListExport, type ListExportQuery } from '../lib/download-list-export.ts';
import { flash, flashError } from '../lib/flash.ts';
import { useSession } from '../lib/session.ts';

type ExportCsvButtonProps = {
  // The list's export call (its module's ...ExportCall) and the filters the screen shows, without the page.
  call: CallDescriptor;
  query: ListExportQuery;
  // How many rows the filters match, as the screen counts them; undefined while loading.
  total: number | undefined;
  // What the rows are, plural ('disputes'), for the sentences.
  noun: string;
};

const count = (value: number) => value.toLocaleString('en-US');

// "Export CSV" (issue 40, decision 060): the list under the screen's filters and sort as a CSV file.
// Only holders of lists.export see it (the server refuses anyone else and audits every export).
// Over LIST_EXPORT_MAX_ROWS rows it says beforehand that the file holds the first of them, and the
// server's headers say so again afterwards.
export function ExportCsvButton({ call, query, total, noun }: ExportCsvButtonProps) {
  const session = useSession();
  const noteId = useId();
  const download = useMutation({ mutationFn: () => downloadListExport(call, query) });
  if (!session?.permissions.includes('lists.export')) return null;
  const capped = total !== undefined && total > LIST_EXPORT_MAX_ROWS;

  const run = () =>
    download.mutate(undefined, {
      onSuccess: (result) =>
        result.truncated
          ? flash(
              `${result.fileName} holds the first ${count(result.rows)} of ${count(result.total)} ${noun}: narrow the filters to export the rest.`,
              { type: 'warning', duration: 10 },
            )
          : flash(`Exported ${count(result.rows)} ${noun} to ${result.fileName}.`),
      onError: (error) => flashError(errorMessages(error).join(' ')),
    });

  return (
    <Group gap="xs" wrap="nowrap">
      {capped && (
        <Text id={noteId} fz="xs" c="dimmed">
          The file holds the first {count(LIST_EXPORT_MAX_ROWS)} of {count(total)}.
        </Text>
      )}
      <Button
        variant="default"
        size="xs"
        loading={download.isPending}
        disabled={total === 0}
        aria-describedby={capped ? noteId : undefined}
        onClick={run}
      >
        Export CSV
      </Button>
    </Group>
  );
}
