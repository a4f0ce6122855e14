import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { DEFAULT_DOCUMENT_REQUEST_REASON, DOCUMENT_REQUEST_REASON_MAX_LENGTH } from '@portal/contracts';

type RequestDocumentsModalProps = {
  customer: string;
  pending: boolean;
  // The reason as written, or undefined when left blank (the server then tells the default one).
  onSend: (reason: string | undefined) => void;
  onClose: () => void;
};

// Asks the customer for new documents, telling them what was wrong with these.
export function RequestDocumentsModal({ customer, pending, onSend, onClose }: RequestDocumentsModalProps) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const written = reason.trim();
    onSend(written === '' ? undefined : written);
  };
  return (
    <Modal opened onClose={onClose} title="Request New Documents" centered>
      <form onSubmit={submit} aria-label="Request new documents">
        <Stack gap="sm">
          <Text fz="sm">{customer} is asked for new documents and told why.</Text>
          <Textarea
            label="Reason (optional)"
            placeholder={DEFAULT_DOCUMENT_REQUEST_REASON}
            description={`${reason.length}/${DOCUMENT_REQUEST_REASON_MAX_LENGTH} characters`}
            maxLength={DOCUMENT_REQUEST_REASON_MAX_LENGTH}
            autosize
            minRows={3}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Go back
            </Button>
            <Button type="submit" loading={pending}>
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
