import { Button, Group, Modal, Text } from '@mantine/core';

type InactivityModalProps = {
  // Seconds until the item is let go; null hides the warning.
  secondsLeft: number | null;
  onContinue: () => void;
};

// The warning of the last 60 seconds of inactivity (spec 001 section 4).
export function InactivityModal({ secondsLeft, onContinue }: InactivityModalProps) {
  return (
    <Modal
      opened={secondsLeft !== null}
      onClose={onContinue}
      title="Are you still working?"
      centered
      withCloseButton={false}
    >
      <Text mb="md" role="timer" aria-live="polite">
        You have been inactive for a while. This item will be unassigned in {secondsLeft ?? 0} second
        {secondsLeft === 1 ? '' : 's'}.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onContinue} data-autofocus>
          Continue Working
        </Button>
      </Group>
    </Modal>
  );
}
