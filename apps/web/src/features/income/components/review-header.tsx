import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import type { IncomeReviewItem } from '@portal/contracts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { userPath } from '../../../lib/user-path.ts';

// A ticket opens in the workspace (spec 000: the home page's ?ticket= deep link).
function ticketPath(id: number): string {
  return `/?${new URLSearchParams({ ticket: String(id) }).toString()}`;
}

function needReviewText(total: number): string {
  return total === 1 ? '1 loan needs review' : `${total} loans need review`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

// Above the forms: how many loans wait, and which loan and customer this is.
export function ReviewHeader({ item, needReviewTotal }: { item: IncomeReviewItem; needReviewTotal: number }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Loan under review">
      <Stack gap="sm">
        <Text fw={600}>{needReviewText(needReviewTotal)}</Text>
        <Group gap="xl" align="flex-start">
          <Fact label="Loan">#{item.loan_id}</Fact>
          <Fact label="Customer">
            <Anchor component={Link} to={userPath(item.user_id)}>
              {item.user_name}
            </Anchor>
          </Fact>
          <Fact label="Applied amount">{formatMoney(item.applied_amount)}</Fact>
          <Fact label="Applied">{formatDate(item.applied)}</Fact>
          {item.last_ticket_id !== null && (
            <Fact label="Last ticket">
              <Anchor component={Link} to={ticketPath(item.last_ticket_id)}>
                #{item.last_ticket_id}
              </Anchor>
            </Fact>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
