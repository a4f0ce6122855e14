import { Fragment } from 'react';
import { Group, Kbd, Modal, Switch, Table, Text } from '@mantine/core';
import { useOpenedAfterMount } from '../../lib/use-opened-after-mount.ts';
import { useSingleKeyShortcuts } from './shortcut-preference.ts';
import { SHORTCUT_HELP, isSingleKey } from './shortcuts.ts';

export function ShortcutHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const shown = useOpenedAfterMount(opened);
  const [singleKey, setSingleKey] = useSingleKeyShortcuts();
  // With single-key shortcuts off, their keys are not listed; an entry left with none goes.
  const entries = SHORTCUT_HELP.map((entry) => ({
    ...entry,
    keys: singleKey ? entry.keys : entry.keys.filter((combo) => !isSingleKey(combo)),
  })).filter((entry) => entry.keys.length > 0);
  return (
    <Modal opened={shown} onClose={onClose} title="Keyboard shortcuts" size="md">
      <Table verticalSpacing={6} fz="sm" withRowBorders>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.label}>
              <Table.Td w={170}>
                <Group gap={6} wrap="nowrap">
                  {entry.keys.map((combo, index) => (
                    <Fragment key={combo.join('+')}>
                      {index > 0 && (
                        <Text span fz="xs" c="dimmed">
                          or
                        </Text>
                      )}
                      <Group gap={2} wrap="nowrap">
                        {combo.map((part, partIndex) => (
                          <Fragment key={part}>
                            {partIndex > 0 && '+'}
                            <Kbd size="xs">{part}</Kbd>
                          </Fragment>
                        ))}
                      </Group>
                    </Fragment>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                {entry.label}
                {entry.note && (
                  <Text span fz="xs" c="dimmed">
                    {' '}
                    ({entry.note})
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text fz="xs" c="dimmed" mt="sm">
        Shortcuts other than Send do nothing while you type in a field.
      </Text>
      {/* The explanation is beside the switch, not its description: Mantine puts a description
          inside the label, which made all of it the switch's name. */}
      <Switch
        mt="md"
        label="Single-key shortcuts (J and ?)"
        aria-describedby="single-key-shortcuts-note"
        checked={singleKey}
        onChange={(event) => setSingleKey(event.currentTarget.checked)}
      />
      <Text id="single-key-shortcuts-note" fz="xs" c="dimmed" mt={4} pl={54}>
        Turn them off if you use speech input or press keys by accident; the Alt and Ctrl shortcuts stay on. Kept in
        this browser.
      </Text>
    </Modal>
  );
}
