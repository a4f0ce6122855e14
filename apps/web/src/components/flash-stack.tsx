import { Box, Notification, Stack, getDefaultZIndex } from '@mantine/core';
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
      title={entry.title ?? titles[entry.type]}
      withBorder
      closeButtonProps={{ 'aria-label': 'Dismiss message' }}
      onClose={() => dismissFlash(entry.id)}
      role={entry.type === 'error' || entry.type === 'warning' ? 'alert' : 'status'}
    >
      {entry.message}
    </Notification>
  );
}

// The most corner messages shown at once; older ones still time out (or are dismissed) unseen.
export const CORNER_FLASH_LIMIT = 3;

// Flash messages: by default stacked in the top-right corner just under the navbar (AppShell's
// header offset), newest first and at most CORNER_FLASH_LIMIT, so they never cover the bottom of a
// page, where the last payment rows and their actions are. They sit under Mantine's dialogs and
// drawers (modal z-index), so an open dialog or the right-hand ticket lists, close button included,
// are never covered. The back-office dashboards' at the top, each 70 px below the one before.
export function FlashStack() {
  const messages = useFlashMessages();
  if (messages.length === 0) return null;
  const corner = messages
    .filter((entry) => entry.placement === 'corner')
    .slice(-CORNER_FLASH_LIMIT)
    .reverse();
  const top = messages.filter((entry) => entry.placement === 'top');
  return (
    <>
      {corner.length > 0 && (
        <Stack
          gap="xs"
          pos="fixed"
          top="calc(var(--app-shell-header-offset, 0px) + var(--mantine-spacing-sm))"
          right={16}
          w={380}
          maw="calc(100vw - 32px)"
          style={{ zIndex: getDefaultZIndex('modal') - 1 }}
        >
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
