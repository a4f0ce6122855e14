import { Badge } from '@mantine/core';
import { describeDaysLeft } from '@portal/contracts';

// An item's days left as the server counted them (business days, decision 047): red once overdue,
// orange on the day, quiet before. The words carry the meaning, not the colour alone (WCAG 1.4.1).
export function DaysLeftBadge({ daysLeft }: { daysLeft: number }) {
  const color = daysLeft < 0 ? 'red' : daysLeft === 0 ? 'orange' : 'gray';
  return (
    <Badge color={color} variant={daysLeft < 0 ? 'filled' : 'light'} tt="none" radius="sm">
      {describeDaysLeft(daysLeft)}
    </Badge>
  );
}
