import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { Acdv } from '@portal/contracts';
import { DaysLeftBadge } from '../../../components/days-left-badge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { AcdvConsumerInfoButton } from './acdv-consumer-info-button.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text fz="sm" span>
      <Text span c="dimmed" fz="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

// Which request this is: its control number, the dispute code and meaning, when it came and when
// the answer is due (overdue ones in red) with the calendar days left, and how many are left; the
// consumer's information that moves the answer to 45 days (decision 047).
export function AcdvRequestHeader({ acdv, remaining }: { acdv: Acdv; remaining: number }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start">
        <Title order={2} fz="lg">
          ACDV {acdv.control_number}
        </Title>
        <Badge size="lg" variant="light" aria-label={`${remaining} remaining`}>
          {remaining} remaining
        </Badge>
      </Group>
      <Group gap="lg" style={{ rowGap: 4 }}>
        <Fact label="Dispute code">
          <Text span fw={600} fz="sm">
            {acdv.dispute_code}
          </Text>{' '}
          — {acdv.dispute_meaning}
        </Fact>
        <Fact label="Received">{formatDate(acdv.received_on)}</Fact>
        <Fact label="Response due">
          <Text span fz="sm" c={acdv.overdue ? 'red.7' : undefined} fw={acdv.overdue ? 700 : undefined}>
            {formatDate(acdv.response_due_on)}
          </Text>
        </Fact>
        {acdv.bureau_response_due_on !== null && (
          <Fact label="Bureau's due date">{formatDate(acdv.bureau_response_due_on)}</Fact>
        )}
        <DaysLeftBadge daysLeft={acdv.days_left} kind={acdv.days_kind} />
        <AcdvConsumerInfoButton acdv={acdv} />
      </Group>
    </Stack>
  );
}
