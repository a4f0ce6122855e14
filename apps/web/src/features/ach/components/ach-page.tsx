import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, List, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  DEBIT_DUTY_LABELS,
  type AchRefusal,
  type AchReturnsResponse,
  type BuildAchFileResponse,
} from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { flashError } from '../../../lib/flash.ts';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import {
  useAchFiles,
  useBuildAchFile,
  useDownloadAchFile,
  useImportReturns,
  useReturnFiles,
} from '../api/ach-files.ts';

function Refusals({ refusals, total }: { refusals: readonly AchRefusal[]; total: number }) {
  if (refusals.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600}>
        Kept out by the duties{total > refusals.length ? ` (the first ${refusals.length} of ${total})` : ''}
      </Text>
      <Table fz="sm" striped withTableBorder aria-label="Debits kept out of the file">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Payment</Table.Th>
            <Table.Th scope="col">Loan</Table.Th>
            <Table.Th scope="col">Duty</Table.Th>
            <Table.Th scope="col">Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {refusals.map((refusal) => (
            <Table.Tr key={refusal.payment_id}>
              <Table.Td>#{refusal.payment_id}</Table.Td>
              <Table.Td>#{refusal.loan_id}</Table.Td>
              <Table.Td>{DEBIT_DUTY_LABELS[refusal.duty]}</Table.Td>
              <Table.Td>{refusal.sentence}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

// Build the day's file: the debits due pass the door, refunds go as credits.
function BuildFileCard() {
  const build = useBuildAchFile();
  const [built, setBuilt] = useState<BuildAchFileResponse | null>(null);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="ach-build-title">
      <Stack gap="sm">
        <Title order={2} fz={18} id="ach-build-title">
          Today&apos;s file
        </Title>
        <Text fz="sm">
          The ACH payments due through the next settlement day become debits, after each passes the duties (debit stops,
          unauthorized returns, bankruptcy stays, automatic debits off, do-not-present, re-presentment limits); refunds
          not yet credited go as credits. The debits are then processing.
        </Text>
        <Group>
          <Button
            loading={build.isPending}
            onClick={() =>
              build.mutate(undefined, {
                onSuccess: setBuilt,
                onError: (error) => flashError(errorMessages(error).join(' ')),
              })
            }
          >
            Build the ACH file
          </Button>
        </Group>
        {built && (
          <Alert
            color={built.file.refused_count > 0 ? 'yellow' : 'green'}
            variant="light"
            title="File built"
            role="status"
          >
            <Stack gap="xs">
              <Text fz="sm">{built.message}</Text>
              <Refusals refusals={built.refusals} total={built.file.refused_count} />
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function FilesTable() {
  const files = useAchFiles();
  const download = useDownloadAchFile();
  if (files.isError)
    return (
      <Alert color="red" variant="light">
        The ACH files could not be loaded: {errorMessages(files.error).join(' ')}
      </Alert>
    );
  const list = files.data?.files ?? [];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="ach-files-title">
      <Stack gap="sm">
        <Title order={2} fz={18} id="ach-files-title">
          Files
        </Title>
        {files.isPending ? (
          <Text>Loading…</Text>
        ) : list.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No file has been built yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table fz="sm" striped withTableBorder aria-label="ACH files, newest first">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">File</Table.Th>
                  <Table.Th scope="col">Goes / settles</Table.Th>
                  <Table.Th scope="col">Debits</Table.Th>
                  <Table.Th scope="col">Refunds</Table.Th>
                  <Table.Th scope="col">Kept out</Table.Th>
                  <Table.Th scope="col">Built</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Download</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((file) => {
                  const empty = file.debit_count + file.credit_count === 0;
                  return (
                    <Table.Tr key={file.id}>
                      <Table.Td>{file.file_name}</Table.Td>
                      <Table.Td>
                        {formatDate(file.processing_date)} / {formatDate(file.effective_date)}
                      </Table.Td>
                      <Table.Td>
                        {file.debit_count.toLocaleString('en-US')} ({formatMoney(file.total_debits)})
                      </Table.Td>
                      <Table.Td>
                        {file.credit_count.toLocaleString('en-US')} ({formatMoney(file.total_credits)})
                      </Table.Td>
                      <Table.Td>{file.refused_count.toLocaleString('en-US')}</Table.Td>
                      <Table.Td>
                        {file.built_by ?? '—'}, {formatDateTime(file.started_at)}
                      </Table.Td>
                      <Table.Td>
                        {file.status === 'building' ? (
                          <Text fz="sm">Being built</Text>
                        ) : empty ? (
                          <Text fz="sm" c="dimmed">
                            Nothing to send
                          </Text>
                        ) : (
                          <Button
                            size="compact-sm"
                            variant="default"
                            aria-label={`Download ${file.file_name}`}
                            onClick={() =>
                              download.mutate(file, { onError: (error) => flashError(errorMessages(error).join(' ')) })
                            }
                          >
                            Download
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

function ReturnsReport({ report }: { report: AchReturnsResponse }) {
  const troubled = report.unknown.length + report.refused.length + report.problems.length > 0;
  return (
    <Alert color={troubled ? 'yellow' : 'green'} variant="light" title="Return file" role="status">
      <Stack gap="xs">
        <Text fz="sm">{report.message}</Text>
        {report.unknown.length > 0 && (
          <Stack gap={2}>
            <Text fz="sm" fw={600}>
              Trace numbers none of our files sent
            </Text>
            <List size="sm">
              {report.unknown.map((row) => (
                <List.Item key={`${row.line}-${row.trace_number}`}>
                  Line {row.line}: trace {row.trace_number}, {row.return_code}, {formatMoney(row.amount)}
                  {row.individual_name ? `, ${row.individual_name}` : ''}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {report.refused.length > 0 && (
          <Stack gap={2}>
            <Text fz="sm" fw={600}>
              Not recorded
            </Text>
            <List size="sm">
              {report.refused.map((row) => (
                <List.Item key={`${row.line}-${row.trace_number}`}>
                  Line {row.line}: {row.sentence}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        {report.problems.length > 0 && (
          <Stack gap={2}>
            <Text fz="sm" fw={600}>
              Lines that could not be read
            </Text>
            <List size="sm">
              {report.problems.map((problem) => (
                <List.Item key={problem.line}>
                  Line {problem.line}: {problem.message}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}

// The bank's return file: each return becomes a bounce on its payment.
function ReturnsCard() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<AchReturnsResponse | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const importReturns = useImportReturns();
  const returnFiles = useReturnFiles(true);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setErrors(['Choose the return file the bank sent.']);
      return;
    }
    setErrors([]);
    importReturns.mutate(file, {
      onSuccess: (answer) => {
        setReport(answer);
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: (error) => {
        setReport(null);
        setErrors([...errorMessages(error)]);
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="ach-returns-title">
      <Stack gap="sm">
        <Title order={2} fz={18} id="ach-returns-title">
          Returns
        </Title>
        <Text fz="sm">
          The bank&apos;s return file (NACHA entries with their 99 addenda): each return is recorded on the payment its
          trace number names, with the fee, the failed-debit stop and re-presentment as for a return recorded by hand.
          The same file twice changes nothing.
        </Text>
        <form onSubmit={submit} aria-label="Import a return file">
          <Group align="flex-end" gap="sm">
            <Stack gap={4}>
              <label htmlFor={inputId}>
                <Text fz="sm" fw={500} component="span">
                  Return file
                </Text>
              </label>
              <input
                id={inputId}
                ref={input}
                type="file"
                accept=".txt,.ach,text/plain"
                onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
              />
            </Stack>
            <Button type="submit" loading={importReturns.isPending}>
              Import returns
            </Button>
          </Group>
        </form>
        {errors.length > 0 && (
          <Alert color="red" variant="light" title="Nothing was recorded" role="alert">
            {errors.join(' ')}
          </Alert>
        )}
        {report && <ReturnsReport report={report} />}
        {(returnFiles.data?.files.length ?? 0) > 0 && (
          <Table fz="sm" striped withTableBorder aria-label="Return files imported, newest first">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">File</Table.Th>
                <Table.Th scope="col">Dated</Table.Th>
                <Table.Th scope="col">Recorded</Table.Th>
                <Table.Th scope="col">Unknown</Table.Th>
                <Table.Th scope="col">Not recorded</Table.Th>
                <Table.Th scope="col">Imported</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {returnFiles.data?.files.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.file_name}</Table.Td>
                  <Table.Td>{formatDate(row.returned_on)}</Table.Td>
                  <Table.Td>
                    {row.applied_count.toLocaleString('en-US')} of {row.return_count.toLocaleString('en-US')}
                  </Table.Td>
                  <Table.Td>{row.unknown_count.toLocaleString('en-US')}</Table.Td>
                  <Table.Td>{row.refused_count.toLocaleString('en-US')}</Table.Td>
                  <Table.Td>
                    {row.imported_by ?? '—'}, {formatDateTime(row.imported_at)}
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

// /ach (issue 41): the payments admins' ACH files (build, list, download) and the bank's return files.
export function AchPage() {
  const permissions = useSession()?.permissions ?? [];
  const buildsFiles = permissions.includes('payments.ach_files');
  const recordsReturns = permissions.includes('payments.record_returns');
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} fz={24}>
        ACH files
      </Title>
      {buildsFiles && <BuildFileCard />}
      {buildsFiles && <FilesTable />}
      {recordsReturns && <ReturnsCard />}
    </Stack>
  );
}
