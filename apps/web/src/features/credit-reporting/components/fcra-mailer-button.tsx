import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useSendFcraMailer } from '../api/send-fcra-mailer.ts';
import { failureMessages, flashTop } from '../credit-flash.ts';

// Send 103 mailer: asks first (a letter goes to the customer), then POST fcra_mailer {id, code: '103'}.
export function FcraMailerButton({ loanId, onDone }: { loanId: number; onDone: (detail: string) => void }) {
  const [opened, setOpened] = useState(false);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const send = useSendFcraMailer();
  const close = () => {
    setOpened(false);
    setErrors([]);
  };

  const confirm = async () => {
    setErrors([]);
    try {
      const answer = await send.mutateAsync(loanId);
      flashTop(answer.message);
      onDone(answer.detail);
      close();
    } catch (error) {
      setErrors(failureMessages(error));
    }
  };

  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Send 103 mailer
      </Button>
      <Modal opened={opened} onClose={close} title="Send the 103 mailer?" centered>
        <Stack gap="sm">
          {errors.length > 0 && (
            <ErrorAlert title="The mailer was not sent" errors={errors} onClose={() => setErrors([])} />
          )}
          <Text fz="sm">
            The identity fraud (103) mailer for loan #{loanId} will be drawn, saved to the customer&apos;s documents and
            emailed to them.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={send.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void confirm()} loading={send.isPending}>
              Send mailer
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
