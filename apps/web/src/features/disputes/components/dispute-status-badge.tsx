import { Badge } from '@mantine/core';
import type { DisputeStatus } from '@portal/contracts';

const COLORS: Record<DisputeStatus, string> = {
  unresolved: 'blue',
  assigned: 'yellow',
  processing: 'violet',
  resolved: 'green',
};

export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {status}
    </Badge>
  );
}

// The due date, marked when it has passed on a dispute not yet resolved.
export function OverdueBadge() {
  return (
    <Badge color="red" variant="filled" size="sm">
      Overdue
    </Badge>
  );
}
