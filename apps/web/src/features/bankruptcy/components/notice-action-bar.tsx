import { Link } from 'react-router';
import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { formatNoticeDate, type BankruptcyNotice, type NoticeStatus } from '@portal/contracts';
import { businessTimeZone } from '../../../lib/business-date.ts';
import { bankruptcyPaths } from '../paths.ts';
import { GetNextNoticeButton } from './get-next-notice-button.tsx';

const STATUS_LOOK: Record<NoticeStatus, { label: string; color: string }> = {
  ready_for_assignment: { label: 'Ready for assignment', color: 'blue' },
  assigned: { label: 'Assigned', color: 'yellow' },
  processed: { label: 'Processed', color: 'green' },
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text fz="sm">
      <Text span c="dimmed" fz="sm">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

// The bar above a notice (spec 001 section 2): back to the list, the status, source and dates, and
// 'Get Next Notice' once this one is processed.
export function NoticeActionBar({ notice }: { notice: BankruptcyNotice }) {
  const timeZone = businessTimeZone();
  const status = STATUS_LOOK[notice.status];
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="sm">
        <Group gap="md">
          <Button component={Link} to={bankruptcyPaths.unprocessed} variant="default" size="xs">
            Back to Unprocessed Notices
          </Button>
          <Badge color={status.color} variant="light" aria-label={`Status: ${status.label}`}>
            {status.label}
          </Badge>
          {notice.status === 'assigned' && notice.employee_name && (
            <Fact label="Assigned to" value={notice.employee_name} />
          )}
          <Fact label="Source" value={notice.notice_source || 'N/A'} />
          <Fact label="Created" value={formatNoticeDate(notice.created_at, timeZone)} />
          <Fact label="Updated" value={formatNoticeDate(notice.updated_at, timeZone)} />
          <Fact label="Processed" value={formatNoticeDate(notice.processed_at, timeZone)} />
        </Group>
        {notice.status === 'processed' && <GetNextNoticeButton size="xs" />}
      </Group>
    </Paper>
  );
}
