import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { TimelineItem } from '@portal/contracts';
import { MentionText } from '../../../components/mention-text.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';

type Item<K extends TimelineItem['kind']> = Extract<TimelineItem, { kind: K }>;

const KIND_LABELS: Readonly<Record<TimelineItem['kind'], string>> = {
  message: 'Message',
  payment: 'Payment',
  return: 'Return',
  letter: 'Letter',
  dispute: 'Dispute',
  note: 'Note',
  staff_action: 'Staff action',
};
// A colour per kind, beside its word (never the colour alone).
const KIND_COLORS: Readonly<Record<TimelineItem['kind'], string>> = {
  message: 'blue',
  payment: 'teal',
  return: 'red',
  letter: 'grape',
  dispute: 'orange',
  note: 'yellow',
  staff_action: 'gray',
};

function Status({ children, color }: { children: ReactNode; color: string }) {
  return (
    <Badge size="xs" variant="light" color={color} tt="none">
      {children}
    </Badge>
  );
}

const channelWords = { text: 'Text', email: 'Email', notification: 'Notification' } as const;

function MessageEntry({ item }: { item: Item<'message'> }) {
  const who = item.inbound
    ? 'from the customer'
    : item.auto_response
      ? 'auto-response'
      : item.employee_name
        ? `by ${item.employee_name}`
        : 'by the Portal';
  const status =
    item.status === 'undelivered' ? (
      <Status color="red">Not delivered</Status>
    ) : item.status === 'queued' && item.held_until ? (
      <Status color="orange">Held until {formatDateTime(item.held_until)}</Status>
    ) : item.status === 'queued' ? (
      <Status color="yellow">In outbox</Status>
    ) : item.status === 'sent' ? (
      <Status color="green">Sent</Status>
    ) : (
      <Status color="gray">Received</Status>
    );
  return (
    <>
      <Group gap={6}>
        <Text fz="sm" fw={600}>
          {channelWords[item.channel]} {who}
          {item.ticket_id !== null ? ` · ticket #${item.ticket_id}` : ''}
        </Text>
        {status}
      </Group>
      {item.subject && (
        <Text fz="sm" fw={500}>
          {item.subject}
        </Text>
      )}
      <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={4}>
        {item.excerpt}
      </Text>
      {item.status === 'undelivered' && item.error && (
        <Text fz="xs" c="red.8">
          {item.error}
        </Text>
      )}
    </>
  );
}

const paymentStatus: Readonly<Record<Item<'payment'>['status'], { word: string; color: string }>> = {
  paid: { word: 'Paid', color: 'green' },
  processing: { word: 'Processing', color: 'blue' },
  returned: { word: 'Returned', color: 'red' },
  invalid: { word: 'Invalid', color: 'gray' },
  refunded: { word: 'Refunded', color: 'grape' },
};

function PaymentEntry({ item }: { item: Item<'payment'> }) {
  const status = paymentStatus[item.status];
  return (
    <Group gap={6}>
      <Text fz="sm" fw={600}>
        Payment #{item.payment_id} · {formatMoney(item.amount)} by {item.method.toUpperCase()}
      </Text>
      <Status color={status.color}>{status.word}</Status>
      <Text fz="xs" c="dimmed">
        Loan {item.loan_id} · due {formatDate(item.due)}
      </Text>
    </Group>
  );
}

function ReturnEntry({ item }: { item: Item<'return'> }) {
  return (
    <>
      <Text fz="sm" fw={600}>
        Payment #{item.payment_id} returned: {item.return_code} ({item.return_title})
      </Text>
      <Text fz="xs" c="dimmed">
        {formatMoney(item.amount)} on {formatDate(item.returned_on)} · loan {item.loan_id}
        {item.fee > 0 ? ` · fee ${formatMoney(item.fee)}${item.fee_waived ? ' (waived)' : ''}` : ''}
      </Text>
    </>
  );
}

function DisputeEntry({ item }: { item: Item<'dispute'> }) {
  const type = item.type?.replace(/^Dispute::/, '').replace(/([a-z])([A-Z])/g, '$1 $2') ?? 'Type not read';
  return (
    <Group gap={6}>
      <Text fz="sm" fw={600}>
        Dispute #{item.dispute_id} ({type}){item.loan_id !== null ? ` · loan ${item.loan_id}` : ''}
      </Text>
      {item.resolved_at ? (
        <Status color="green">Resolved {formatDate(item.resolved_at)}</Status>
      ) : (
        <Status color="orange">Open, due {formatDate(item.due_date)}</Status>
      )}
    </Group>
  );
}

function EntryBody({ item }: { item: TimelineItem }) {
  switch (item.kind) {
    case 'message':
      return <MessageEntry item={item} />;
    case 'payment':
      return <PaymentEntry item={item} />;
    case 'return':
      return <ReturnEntry item={item} />;
    case 'letter':
      return (
        <Text fz="sm" fw={600}>
          {item.title}
          {item.loan_id !== null ? ` · loan ${item.loan_id}` : ''}
        </Text>
      );
    case 'dispute':
      return <DisputeEntry item={item} />;
    case 'note':
      return (
        <>
          <Text fz="sm" fw={600}>
            Internal note by {item.author_name}
            {item.ticket_id !== null ? ` · ticket #${item.ticket_id}` : ''}
          </Text>
          <MentionText text={item.body} mentions={item.mentions} />
        </>
      );
    case 'staff_action':
      return (
        <>
          <Text fz="sm" fw={600}>
            {item.employee_name ?? 'The Portal'}
          </Text>
          <Text fz="sm">{item.sentence}</Text>
        </>
      );
  }
}

// One entry of the timeline: its kind and time, then what happened.
export function TimelineEntry({ item }: { item: TimelineItem }) {
  return (
    <Stack
      component="li"
      gap={2}
      py={8}
      pl="sm"
      style={{ listStyle: 'none', borderLeft: `3px solid var(--mantine-color-${KIND_COLORS[item.kind]}-4)` }}
    >
      <Group gap={6}>
        <Badge size="xs" variant="outline" color={KIND_COLORS[item.kind]} tt="none">
          {KIND_LABELS[item.kind]}
        </Badge>
        <Text fz="xs" c="dimmed" component="time" dateTime={item.at}>
          {item.kind === 'return' ? formatDate(item.returned_on) : formatDateTime(item.at)}
        </Text>
      </Group>
      <EntryBody item={item} />
    </Stack>
  );
}
