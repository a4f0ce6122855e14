import { Notification, Stack } from '@mantine/core';
import { dismissFlash, useFlashMessages, type FlashType } from '../lib/flash.ts';

const colors: Record<FlashType, string> = {
  success: 'teal',
  error: 'red',
  info: 'blue',
  warning: 'yellow',
};

const titles: Record<FlashType, string> = {
  success: 'Done',
  error: 'Error',
  info: 'Note',
  warning: 'Warning',
};

// Flash messages, stacked in the bottom-right corner, clear of the header and the workspace's controls.
export function FlashStack() {
  const messages = useFlashMessages();
  if (messages.length === 0) return null;
  return (
    <Stack gap="xs" pos="fixed" bottom={16} right={16} w={380} maw="calc(100vw - 32px)" style={{ zIndex: 1000 }}>
      {messages.map((entry) => (
        <Notification
          key={entry.id}
          color={colors[entry.type]}
          title={titles[entry.type]}
          withBorder
          closeButtonProps={{ 'aria-label': 'Dismiss message' }}
          onClose={() => dismissFlash(entry.id)}
          role={entry.type === 'error' || entry.type === 'warning' ? 'alert' : 'status'}
        >
          {entry.message}
        </Notification>
      ))}
    </Stack>
  );
}
