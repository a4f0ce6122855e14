import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { FRIVOLOUS_NOTICE_BUSINESS_DAYS, frivolousNoticeDueOn, type Dispute } from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { businessToday } from '../../../lib/business-date.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useMarkDisputeFrivolous } from '../api/mark-dispute-frivolous.ts';
import { failureMessages, flashDispute } from '../dispute-flash.ts';

const REASON_MAX = 1000;

// The holder finds the dispute frivolous or irrelevant (12 CFR 1022.43(f), decision 047): it is not
// investigated, and the consumer must be told why within 5 business days. The server refuses a
// second determination with its date.
export function MarkFrivolousButton({ dispute }: { dispute: Dispute }) {
  const me = useSession()?.employeeId ?? null;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<readonly string[]>([]);
  const mark = useMarkDisputeFrivolous();
  if (dispute.status !== 'assigned' || dispute.employee_id === null || dispute.employee_id !== me) return null;

  const close = () => {
    setOpen(false);
    setErrors([]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    if (reason.trim() === '') {
      setErrors(['Say why the dispute is frivolous or irrelevant.']);
      return;
    }
    try {
      const answer = await mark.mutateAsync({ id: dispute.id, reason });
      flashDispute(answer.message, 'success');
      close();
    } catch (error) {
      setErrors(failureMessages(error, 'The determination could not be recorded.'));
    }
  };

  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Frivolous or irrelevant
      </Button>
      <Modal opened={open} onClose={close} title="Frivolous or irrelevant dispute" centered>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Frivolous or irrelevant dispute">
          <Stack gap="sm">
            <Text fz="sm">
              The dispute will not be investigated. The consumer must be told why within{' '}
              {FRIVOLOUS_NOTICE_BUSINESS_DAYS} business days: by {formatDate(frivolousNoticeDueOn(businessToday()))}.
            </Text>
            {errors.length > 0 && (
              <ErrorAlert title="Nothing was recorded" errors={errors} onClose={() => setErrors([])} />
            )}
            <Textarea
              label="Why (the notice tells the consumer)"
              autosize
              minRows={3}
              maxLength={REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              withAsterisk
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={close} disabled={mark.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={mark.isPending}>
                Record the determination
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
