import { Button, Group, Modal, Text } from '@mantine/core';

type DiscardChangesModalProps = {
  opened: boolean;
  // What has the changes: "This macro", "This post".
  subject: string;
  // What is about to happen to the changes: "leave this screen", "load another macro".
  action: string;
  onStay: () => void;
  onDiscard: () => void;
};

// Asked before unsaved edits are thrown away. Stay is the default (Escape, the close button).
export function DiscardChangesModal({ opened, subject, action, onStay, onDiscard }: DiscardChangesModalProps) {
  return (
    <Modal opened={opened} onClose={onStay} title="Discard your changes?" centered>
      <Text fz="sm">
        {subject} has changes that are not saved. If you {action} now, they are lost.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onStay} data-autofocus>
          Keep editing
        </Button>
        <Button color="red" onClick={onDiscard}>
          Discard changes
        </Button>
      </Group>
    </Modal>
  );
}
