import { Fragment } from 'react';
import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { SHORTCUT_HELP } from './shortcuts.ts';

export function ShortcutHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="md">
      <Table verticalSpacing={6} fz="sm" withRowBorders>
        <Table.Tbody>
          {SHORTCUT_HELP.map((entry) => (
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
    </Modal>
  );
}
