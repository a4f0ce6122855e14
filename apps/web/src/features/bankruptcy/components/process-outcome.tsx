import { Alert, Text } from '@mantine/core';
import type { ProcessNoticeResponse } from '@portal/contracts';
import { metro2 } from '@portal/contracts/metro2';

type Consequences = ProcessNoticeResponse['consequences'];

function indicatorWords(code: string): string {
  const meaning = (metro2.consumer_information_indicator as Record<string, string>)[code];
  return meaning ? `${code} (${meaning})` : code;
}

// What processing recorded (the answer's consequences): the customer's consumer information
// indicator and the loans whose automatic debits stopped.
export function ProcessOutcome({ consequences }: { consequences: Consequences }) {
  const loans = consequences.auto_debit_stopped_loan_ids;
  return (
    <Alert color="green" variant="light" title="Recorded by processing">
      {consequences.customer_id === null ? (
        <Text fz="sm">No customer is linked to this notice: nothing was recorded on an account.</Text>
      ) : (
        <>
          <Text fz="sm">
            Customer #{consequences.customer_id}
            {consequences.consumer_information_indicator
              ? `: consumer information indicator ${indicatorWords(consequences.consumer_information_indicator)}.`
              : ': no consumer information indicator for this notice.'}
          </Text>
          <Text fz="sm">
            {loans.length === 0
              ? 'No loan had automatic debits to stop.'
              : `Automatic debits stopped on loan(s) ${loans.map((id) => `#${id}`).join(', ')}.`}
          </Text>
        </>
      )}
    </Alert>
  );
}
