import { useState } from 'react';
import { Button, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { SNOOZE_MAX_DAYS, type SnoozeTicketRequest } from '@portal/contracts';
import { businessTimeZone } from '../../../lib/business-date.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { instantInZone, snoozeTimes } from '../snooze-times.ts';

type SnoozeMenuProps = {
  ticketId: number;
  onSnooze: (until: SnoozeTicketRequest['until']) => void;
  loading: boolean;
  now?: () => Date;
};

// The ticket header's Snooze menu (issue 40, decision 064): preset times in the business time zone,
// a picked date and time, or until the customer replies. Mantine's Menu is keyboard-operable.
export function SnoozeMenu({ ticketId, onSnooze, loading, now = () => new Date() }: SnoozeMenuProps) {
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState('');
  const [error, setError] = useState<string | null>(null);
  const timeZone = businessTimeZone();
  const times = snoozeTimes(now(), timeZone);
  const at = (instant: Date) => () => onSnooze(instant.toISOString());

  const submitPicked = () => {
    const [date, time] = picked.split('T');
    if (!date || !time) return setError('Pick a date and a time.');
    const instant = instantInZone(date, time.slice(0, 5), timeZone);
    const ms = instant.getTime() - now().getTime();
    if (ms <= 0) return setError('Pick a time in the future.');
    if (ms > SNOOZE_MAX_DAYS * 86_400_000) return setError(`Pick a time within ${SNOOZE_MAX_DAYS} days.`);
    setPicking(false);
    setError(null);
    onSnooze(instant.toISOString());
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default" loading={loading} aria-label={`Snooze ticket #${ticketId}`}>
            Snooze
          </Button>
        </Menu.Target>
        <Menu.Dropdown aria-label="Snooze until">
          <Menu.Label>Snooze until</Menu.Label>
          <Menu.Item onClick={at(times.oneHour)}>In 1 hour</Menu.Item>
          <Menu.Item onClick={at(times.tomorrowMorning)}>
            Tomorrow 9:00 AM
            <Text span c="dimmed" fz="xs">{` · ${formatDateTime(times.tomorrowMorning.toISOString())}`}</Text>
          </Menu.Item>
          <Menu.Item onClick={at(times.nextMonday)}>
            Next Monday 9:00 AM
            <Text span c="dimmed" fz="xs">{` · ${formatDateTime(times.nextMonday.toISOString())}`}</Text>
          </Menu.Item>
          <Menu.Item onClick={() => setPicking(true)}>Pick a date and time…</Menu.Item>
          <Menu.Divider />
          <Menu.Item onClick={() => onSnooze('customer_replies')}>Until the customer replies</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={picking} onClose={() => setPicking(false)} title={`Snooze ticket #${ticketId}`}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submitPicked();
          }}
        >
          <Stack gap="sm">
            <TextInput
              type="datetime-local"
              label="Snooze until"
              description={`Business time (${timeZone}), at most ${SNOOZE_MAX_DAYS} days ahead`}
              value={picked}
              onChange={(event) => {
                setPicked(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPicking(false)}>
                Cancel
              </Button>
              <Button type="submit">Snooze</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

// Why a ticket is "Back from snooze" (decision 064), or null while snoozed or if never snoozed.
export function snoozeReturnText(
  snooze: { by: string | null; returned_at: string | null; reason: string | null } | null,
): string | null {
  if (!snooze?.returned_at) return null;
  const why =
    snooze.reason === 'customer_replied'
      ? 'the customer replied'
      : snooze.reason === 'time'
        ? 'its time came'
        : 'it was unsnoozed';
  return `Snoozed by ${snooze.by ?? 'someone'}; back ${formatDateTime(snooze.returned_at)} because ${why}.`;
}
