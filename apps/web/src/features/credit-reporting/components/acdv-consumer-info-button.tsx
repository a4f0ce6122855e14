import { useState, type FormEvent } from 'react';
import { Button, Text, TextInput } from '@mantine/core';
import { ACDV_EXTENDED_RESPONSE_DAYS, type Acdv } from '@portal/contracts';
import { FormModal } from '../../../components/form-modal.tsx';
import { businessToday } from '../../../lib/business-date.ts';
import { formatDate } from '../../../lib/format.ts';
import { useRecordAcdvConsumerInfo } from '../api/record-acdv-consumer-info.ts';
import { failureMessages, flashTop } from '../credit-flash.ts';

// "The consumer added information" (FCRA 611(a)(1)(B)): the day it came moves the response to 45
// days from the ACDV's receipt. The server decides whether it may (once, unanswered, within the 30
// days) and says why not; once recorded, the header says so instead of offering it again.
export function AcdvConsumerInfoButton({ acdv }: { acdv: Acdv }) {
  const [open, setOpen] = useState(false);
  const [receivedOn, setReceivedOn] = useState('');
  const [errors, setErrors] = useState<readonly string[]>([]);
  const record = useRecordAcdvConsumerInfo();

  if (acdv.consumer_info_added_on !== null)
    return (
      <Text fz="sm">
        Consumer added information on {formatDate(acdv.consumer_info_added_on)}: {ACDV_EXTENDED_RESPONSE_DAYS} days
        apply.
      </Text>
    );

  const close = () => {
    setOpen(false);
    setErrors([]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors([]);
    if (receivedOn === '') {
      setErrors(['Enter the day the information came.']);
      return;
    }
    try {
      const answer = await record.mutateAsync({ control_number: acdv.control_number, received_on: receivedOn });
      flashTop(answer.message);
      close();
    } catch (error) {
      setErrors(failureMessages(error));
    }
  };

  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => {
          setReceivedOn(businessToday());
          setOpen(true);
        }}
      >
        Consumer added information
      </Button>
      <FormModal
        opened={open}
        onClose={close}
        title="Consumer added information"
        intro={
          <>
            Information the consumer sends during the 30 days moves the response to {ACDV_EXTENDED_RESPONSE_DAYS} days
            after the ACDV was received ({formatDate(acdv.received_on)}).
          </>
        }
        errors={errors}
        onDismissErrors={() => setErrors([])}
        onSubmit={submit}
        pending={record.isPending}
        submitLabel={`Move to ${ACDV_EXTENDED_RESPONSE_DAYS} days`}
      >
        <TextInput
          label="Date the information came"
          type="date"
          min={acdv.received_on}
          max={businessToday()}
          value={receivedOn}
          onChange={(event) => setReceivedOn(event.currentTarget.value)}
          withAsterisk
        />
      </FormModal>
    </>
  );
}
