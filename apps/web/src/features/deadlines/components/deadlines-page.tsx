import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Chip, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  DEADLINE_QUEUE_LABELS,
  type DeadlineItem,
  type DeadlineQueue,
  type DeadlinesResponse,
} from '@portal/contracts';
import { ApiError } from '../../../lib/api-error.ts';
import { flash } from '../../../lib/flash.ts';
import { formatDate } from '../../../lib/format.ts';
import { useDeadlines } from '../api/get-deadlines.ts';
import { useRecordFrivolousNoticeSent } from '../api/record-frivolous-notice-sent.ts';
import { DeadlineItemsTable } from './deadline-items-table.tsx';
import { MarkMailedModal } from './mark-mailed-modal.tsx';

// Where each queue is worked; null: on this screen (no other lists the notices to mail).
const QUEUE_SCREENS: Readonly<Record<DeadlineQueue, string | null>> = {
  acdv: '/fcra',
  dispute: '/disputes/unresolved',
  dispute_frivolous_notice: '/disputes/unresolved',
  bankruptcy_notice: '/bankruptcy/unprocessed',
  notice_to_mail: null,
};

function errorsOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.errors.length > 0 ? error.errors.join(' ') : fallback;
}

function CountsTable({ counts }: { counts: DeadlinesResponse['counts'] }) {
  return (
    <Table withTableBorder striped captionSide="top" verticalSpacing="xs">
      <Table.Caption ta="left">Open items per queue</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Queue</Table.Th>
          <Table.Th scope="col" ta="right">
            Open
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Due today
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Overdue
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {counts.map((count) => {
          const screen = QUEUE_SCREENS[count.queue];
          return (
            <Table.Tr key={count.queue}>
              <Table.Th scope="row" fw={500}>
                {screen === null ? (
                  <Text fz="sm" fw={500}>
                    {count.label}
                  </Text>
                ) : (
                  <Anchor component={Link} to={screen} fz="sm">
                    {count.label}
                  </Anchor>
                )}
              </Table.Th>
              <Table.Td ta="right">{count.open}</Table.Td>
              <Table.Td ta="right">{count.due_today}</Table.Td>
              <Table.Td ta="right" fw={count.overdue > 0 ? 700 : undefined} c={count.overdue > 0 ? 'red.8' : undefined}>
                {count.overdue}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

type DeadlineSectionProps = { title: string; none: string } & Parameters<typeof DeadlineItemsTable>[0];

function DeadlineSection({ title, none, ...table }: DeadlineSectionProps) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {table.items.length === 0 ? <Text>{none}</Text> : <DeadlineItemsTable {...table} />}
    </Stack>
  );
}

// Which of the employee's own queues the screen shows: all of them at first; at least one.
function QueuePicker({
  own,
  shown,
  onChange,
}: {
  own: readonly DeadlineQueue[];
  shown: readonly DeadlineQueue[];
  onChange: (queues: DeadlineQueue[]) => void;
}) {
  if (own.length < 2) return null;
  return (
    <Group gap="xs" role="group" aria-labelledby="deadline-queues-shown">
      <Text id="deadline-queues-shown" fz="sm" fw={500}>
        Queues shown
      </Text>
      <Chip.Group
        multiple
        value={[...shown]}
        onChange={(values) => {
          const picked = own.filter((queue) => values.includes(queue));
          if (picked.length > 0) onChange(picked);
        }}
      >
        {own.map((queue) => (
          <Chip key={queue} value={queue} size="sm">
            {DEADLINE_QUEUE_LABELS[queue]}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}

// /deadlines (issue 30, decision 047): the legal deadlines of the employee's own queues on one clock:
// the counts per queue, then what is overdue and what is due today, a page at a time (Show more),
// each item linked to its queue's screen, its days left in its own kind of days. Later items are on
// the queue screens, but for the legally required notices no channel carried (issue 37): listed here
// until someone marks them mailed on paper, due or not, as no other screen lists them.
export function DeadlinesPage() {
  // null: the server's default, the employee's own queues.
  const [queues, setQueues] = useState<DeadlineQueue[] | null>(null);
  const deadlines = useDeadlines('due_now', queues);
  const noticeSent = useRecordFrivolousNoticeSent();
  const [recording, setRecording] = useState<number | null>(null);
  // The notice asked about in the confirmation, and whether it is open.
  const [toMark, setToMark] = useState<DeadlineItem | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Where focus goes once a notice is marked mailed: its row and button are gone.
  const heading = useRef<HTMLHeadingElement>(null);
  const pages = deadlines.data?.pages;
  const first = pages?.[0];
  const data = first && pages ? { ...first, items: pages.flatMap((page) => page.items) } : undefined;

  const askMarkMailed = (item: DeadlineItem) => {
    setToMark(item);
    setConfirming(true);
  };

  const recordNotice = (id: number) => {
    setRecording(id);
    noticeSent.mutate(id, {
      onSuccess: (answer) => flash(answer.message, { type: 'success', placement: 'top' }),
      onError: (error) =>
        flash(errorsOf(error, 'The notice could not be recorded.'), { type: 'error', placement: 'top' }),
      onSettled: () => setRecording(null),
    });
  };

  const overdue = data?.items.filter((item) => item.overdue) ?? [];
  const dueToday = data?.items.filter((item) => !item.overdue && item.due_on <= data.today) ?? [];
  // Only notices to mail come before their day (scope=due_now).
  const mailLater = data?.items.filter((item) => item.due_on > data.today) ?? [];
  const actions = { onNoticeSent: recordNotice, recording, onMarkMailed: askMarkMailed };

  return (
    <Stack gap="lg">
      <Title order={1} fz={24} ref={heading} tabIndex={-1}>
        Deadlines
      </Title>
      {data ? (
        <>
          <Text fz="sm" c="dimmed">
            Today is {formatDate(data.today)}. Days left are counted as each deadline is: calendar days for the
            FCRA&apos;s 30 days (ACDV responses, direct disputes), business days for the rest (weekends and US federal
            holidays excluded). A deadline that falls on a weekend or holiday is moved to the business day before.
          </Text>
          <QueuePicker own={data.own_queues} shown={queues ?? data.queues} onChange={setQueues} />
          <Paper withBorder radius="md" p="md">
            <CountsTable counts={data.counts} />
          </Paper>
          <DeadlineSection
            title="Overdue"
            caption="Overdue items, the longest overdue first"
            none="Nothing is overdue."
            items={overdue}
            {...actions}
          />
          <DeadlineSection
            title="Due today"
            caption="Items due today"
            none="Nothing else is due today."
            items={dueToday}
            {...actions}
          />
          {deadlines.hasNextPage && (
            <Group>
              <Button
                variant="default"
                loading={deadlines.isFetchingNextPage}
                onClick={() => void deadlines.fetchNextPage()}
              >
                Show more
              </Button>
            </Group>
          )}
          {mailLater.length > 0 && (
            <DeadlineSection
              title="Notices to mail, due later"
              caption="Legally required notices no channel carried, to mail on paper by their due date"
              none=""
              items={mailLater}
              {...actions}
            />
          )}
          <MarkMailedModal
            item={toMark}
            opened={confirming}
            onClose={() => setConfirming(false)}
            onMailed={(answer) => {
              setConfirming(false);
              flash(answer.message, { type: 'success', placement: 'top' });
              heading.current?.focus();
            }}
          />
        </>
      ) : deadlines.isError ? (
        <Alert color="red" variant="light">
          Error loading the deadlines: {errorsOf(deadlines.error, 'Something went wrong.')}
        </Alert>
      ) : (
        <Text>Loading...</Text>
      )}
    </Stack>
  );
}
