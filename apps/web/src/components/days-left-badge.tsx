import { Badge } from '@mantine/core';
import { describeDaysLeft, type DayKind } from '@portal/contracts';

// An item's days left as the server counted them, in the deadline's own kind of days (calendar for
// the FCRA's periods, business otherwise; decision 047), which the words name: red once overdue,
// orange on the day, quiet before. The words carry the meaning, not the colour alone (WCAG 1.4.1).
export function DaysLeftBadge({ daysLeft, kind }: { daysLeft: number; kind: DayKind }) {
  const color = daysLeft < 0 ? 'red' : daysLeft === 0 ? 'orange' : 'gray';
  return (
    <Badge color={color} variant={daysLeft < 0 ? 'filled' : 'light'} tt="none" radius="sm">
      {describeDaysLeft(daysLeft, kind)}
    </Badge>
  );
}
