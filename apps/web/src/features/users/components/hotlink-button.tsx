import { useState } from 'react';
import { Button, CopyButton, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useHotlink } from '../api/hotlink.ts';

// Generate a hotlink (a signed, 24-hour link into the customer app) and copy it.
export function HotlinkButton({ userId }: { userId: number }) {
  const [opened, setOpened] = useState(false);
  const hotlink = useHotlink();
  return (
    // Focus moves into the popover and back to its button when it closes (Escape too), so a
    // keyboard reaches what it shows: it is rendered at the end of the page.
    <Popover opened={opened} onChange={setOpened} width={420} position="bottom-start" withArrow trapFocus returnFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          loading={hotlink.isPending}
          onClick={() => {
            setOpened(true);
            hotlink.mutate(userId);
          }}
        >
          Generate hotlink
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {hotlink.isError && (
          <Text fz="xs" c="red" role="alert">
            {errorMessages(hotlink.error).join(' ')}
          </Text>
        )}
        {hotlink.data && (
          <Stack gap={6}>
            <TextInput
              size="xs"
              readOnly
              value={hotlink.data.url}
              aria-label="Hotlink"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Group justify="space-between">
              <Text fz="xs" c="dimmed">
                Expires {formatDateTime(hotlink.data.expires_at)}
              </Text>
              <CopyButton value={hotlink.data.url}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" onClick={copy} color={copied ? 'teal' : 'blue'}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
