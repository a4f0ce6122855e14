import { useState } from 'react';
import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { errorMessages } from '../../../lib/api-error.ts';

export type ActionOutcome = { kind: 'success' } | { kind: 'error'; message: string };

type ConfirmActionButtonProps = {
  label: string;
  question: string;
  color?: string;
  // The call; resolves when the server agreed.
  onConfirm: () => Promise<unknown>;
  // Told the outcome, which the card shows: after a success the button itself may be gone.
  onOutcome: (outcome: ActionOutcome) => void;
};

// Approve, Deny, Manual Denial (spec 000 section 4): asks first, then shows a spinner, then the card
// says 'Success!' or the server's error (ActionOutcomeText).
export function ConfirmActionButton({
  label,
  question,
  color = 'blue',
  onConfirm,
  onOutcome,
}: ConfirmActionButtonProps) {
  const [opened, setOpened] = useState(false);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setOpened(false);
    setPending(true);
    try {
      await onConfirm();
      onOutcome({ kind: 'success' });
    } catch (error) {
      onOutcome({ kind: 'error', message: errorMessages(error).join(' ') });
    } finally {
      setPending(false);
    }
  }

  return (
    // Focus moves into the popover and back to its button when it closes (Escape too), so a
    // keyboard reaches what it shows: it is rendered at the end of the page.
    <Popover opened={opened} onChange={setOpened} position="bottom" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Button size="compact-xs" variant="light" color={color} loading={pending} onClick={() => setOpened(true)}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fz="sm">{question}</Text>
          <Group gap="xs" justify="flex-end">
            <Button size="compact-sm" variant="default" onClick={() => setOpened(false)}>
              No
            </Button>
            <Button size="compact-sm" color={color} onClick={() => void confirm()}>
              Yes, {label.toLowerCase()}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export function ActionOutcomeText({ outcome }: { outcome: ActionOutcome | null }) {
  if (outcome?.kind === 'success')
    return (
      <Text fz="xs" c="teal.7" fw={600} role="status">
        Success!
      </Text>
    );
  if (outcome?.kind === 'error')
    return (
      <Text fz="xs" c="red.7" role="alert">
        {outcome.message}
      </Text>
    );
  return null;
}
