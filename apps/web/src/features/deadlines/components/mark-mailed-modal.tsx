import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { DeadlineItem, NoticeMailedResponse } from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { useRecordNoticeMailed } from '../api/record-notice-mailed.ts';

type MarkMailedModalProps = {
  // The notice asked about; kept while the modal closes, so its text does not vanish mid-way.
  item: DeadlineItem | null;
  opened: boolean;
  onClose: () => void;
  // After the server recorded it and the list was read again (the notice has left it).
  onMailed: (answer: NoticeMailedResponse) => void;
};

// Asks before recording a legally required notice as mailed on paper (issue 37): the record takes
// it off the only list that shows it, and cannot be undone here, so a stray click must not do it.
// Focus stays in the dialog (Escape and Cancel close it, back to the button); once recorded the
// button is gone, so the page moves focus itself (onMailed).
export function MarkMailedModal({ item, opened, onClose, onMailed }: MarkMailedModalProps) {
  const mark = useRecordNoticeMailed();
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [recorded, setRecorded] = useState(false);
  // Each opening starts afresh (another notice, or the same one asked again).
  const [shownOpen, setShownOpen] = useState(opened);
  if (opened !== shownOpen) {
    setShownOpen(opened);
    if (opened) {
      setRecorded(false);
      setErrors([]);
    }
  }

  const close = () => {
    if (mark.isPending) return;
    setErrors([]);
    onClose();
  };

  const confirm = async () => {
    if (!item) return;
    setErrors([]);
    try {
      const answer = await mark.mutateAsync(item.id);
      setRecorded(true);
      onMailed(answer);
    } catch (error) {
      setErrors(errorMessages(error));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Record the notice as mailed?"
      centered
      // Back to the button on Cancel or Escape; not once the notice (and its button) left the list.
      returnFocus={!recorded}
    >
      <Stack gap="sm">
        {errors.length > 0 && (
          <ErrorAlert title="The notice was not recorded as mailed" errors={errors} onClose={() => setErrors([])} />
        )}
        <Text fz="sm" fw={600}>
          {item?.title}
        </Text>
        <Text fz="sm">
          Record that you printed this notice and mailed it on paper to the customer&apos;s mailing address. It then
          leaves the deadlines list; the record keeps who mailed it and when.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={mark.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} loading={mark.isPending}>
            Yes, mark mailed
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
