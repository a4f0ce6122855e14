import { Box, Notification, Stack } from '@mantine/core';
import { FLASH_STACK_GAP_PX, FLASH_STACK_TOP_PX } from '@portal/contracts';
import { dismissFlash, useFlashMessages, type FlashMessage, type FlashType } from '../lib/flash.ts';

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

function FlashNotification({ entry }: { entry: FlashMessage }) {
  return (
    <Notification
      color={colors[entry.type]}
      title={titles[entry.type]}
      withBorder
      closeButtonProps={{ 'aria-label': 'Dismiss message' }}
      onClose={() => dismissFlash(entry.id)}
      role={entry.type === 'error' || entry.type === 'warning' ? 'alert' : 'status'}
    >
      {entry.message}
    </Notification>
  );
}

// Flash messages: by default stacked in the bottom-right corner, clear of the header and the
// workspace's controls; the back-office dashboards' at the top, each 70 px below the one before.
export function FlashStack() {
  const messages = useFlashMessages();
  if (messages.length === 0) return null;
  const corner = messages.filter((entry) => entry.placement === 'corner');
  const top = messages.filter((entry) => entry.placement === 'top');
  return (
    <>
      {corner.length > 0 && (
        <Stack gap="xs" pos="fixed" bottom={16} right={16} w={380} maw="calc(100vw - 32px)" style={{ zIndex: 1000 }}>
          {corner.map((entry) => (
            <FlashNotification key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
      {top.map((entry, index) => (
        <Box
          key={entry.id}
          pos="fixed"
          top={FLASH_STACK_TOP_PX + index * FLASH_STACK_GAP_PX}
          right={16}
          w={420}
          maw="calc(100vw - 32px)"
          style={{ zIndex: 1000 }}
        >
          <FlashNotification entry={entry} />
        </Box>
      ))}
    </>
  );
}
