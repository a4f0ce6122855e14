import { Link } from 'react-router';
import { Anchor, Stack, Text } from '@mantine/core';
import type { NoticeCustomer as Customer } from '@portal/contracts';
import { userPath } from '../../../lib/user-path.ts';

const MATCH_WORDS: Record<string, string> = {
  ssn: 'by SSN',
  ssn_last4_and_name: 'by SSN last four and name',
  staff: 'chosen by staff',
};

// Whom the notice is about: the customer found by the debtor's SSN (and name), or chosen by staff,
// with the open loans whose automatic debits processing stops.
export function NoticeCustomer({ customer, processed }: { customer: Customer | null; processed: boolean }) {
  if (customer === null) return <Text fw={500}>No matching customer</Text>;
  const loans = customer.open_loan_ids.map((id) => `#${id}`).join(', ');
  return (
    <Stack gap={4}>
      <Text>
        Matched customer:{' '}
        <Anchor component={Link} to={userPath(customer.id)}>
          #{customer.id} {customer.first_name} {customer.last_name}
        </Anchor>{' '}
        ({MATCH_WORDS[customer.match] ?? `by ${customer.match}`})
      </Text>
      <Text fz="sm" c="dimmed">
        {customer.open_loan_ids.length === 0
          ? 'No open loans.'
          : processed
            ? `Open loans: ${loans}.`
            : `Open loans whose automatic debits stop when the notice is processed: ${loans}.`}
      </Text>
    </Stack>
  );
}
