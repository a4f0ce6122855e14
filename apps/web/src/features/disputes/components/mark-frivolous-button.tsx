import { useState, type FormEvent } from 'react';
import { Button, Text, Textarea } from '@mantine/core';
import { FRIVOLOUS_NOTICE_BUSINESS_DAYS, frivolousNoticeDueOn, type Dispute } from '@portal/contracts';
import { FormModal } from '../../../components/form-modal.tsx';
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
  if (dispute.frivolous_at !== null)
    return (
      <Text fz="sm" c="orange.9">
        Found frivolous on {formatDate(dispute.frivolous_at)};{' '}
        {dispute.frivolous_notice_sent_at
          ? `notice sent ${formatDate(dispute.frivolous_notice_sent_at)}`
          : `notice due by ${formatDate(frivolousNoticeDueOn(businessToday(new Date(dispute.frivolous_at))))}`}
      </Text>
    );
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
      <FormModal
        opened={open}
        onClose={close}
        title="Frivolous or irrelevant dispute"
        intro={
          <>
            The dispute will not be investigated. The consumer must be told why within {FRIVOLOUS_NOTICE_BUSINESS_DAYS}{' '}
            business days: by {formatDate(frivolousNoticeDueOn(businessToday()))}.
          </>
        }
        errors={errors}
        onDismissErrors={() => setErrors([])}
        onSubmit={submit}
        pending={mark.isPending}
        submitLabel="Record the determination"
      >
        <Textarea
          label="Why (the notice tells the consumer)"
          autosize
          minRows={3}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          withAsterisk
        />
      </FormModal>
    </>
  );
}
