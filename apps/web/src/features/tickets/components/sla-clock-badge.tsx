import { useEffect, useState } from 'react';
import { Badge } from '@mantine/core';
import { readSlaClock, slaSentence, type SlaClock } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';

// How often the badge reads the clock again: it counts in whole minutes.
const TICK_MS = 30_000;
// Due this soon (or within a quarter of the target), the badge warns.
const SOON_MINUTES = 15;

function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

// The ticket's reply-time clock (decision 066): due in, overdue by, or paused while the ticket
// waits on the customer. Nothing when no clock runs. Colours from the theme's dark shades, so the
// text keeps its contrast on the light badge.
export function SlaClockBadge({ clock }: { clock: SlaClock | null }) {
  const now = useNow(TICK_MS);
  if (!clock) return null;
  const reading = readSlaClock(clock, now);
  const soon = reading.state === 'due' && reading.minutes <= Math.max(SOON_MINUTES, clock.target_minutes / 4);
  const color = reading.state === 'overdue' ? 'red' : reading.state === 'paused' ? 'gray' : soon ? 'orange' : 'teal';
  const title = clock.due_at ? `Due ${formatDateTime(clock.due_at)}` : undefined;
  return (
    <Badge variant="light" color={color} c={`${color}.9`} size="sm" tt="none" title={title}>
      {slaSentence(clock, now)}
    </Badge>
  );
}
