import { Alert, Stack, Text, Title } from '@mantine/core';
import { maskSsn, type Metro2AccountView, type ReportedConsumer } from '@portal/contracts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { metro2Words } from '../metro2-words.ts';
import { FactList } from './fact-list.tsx';

const orDash = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));

// The Metro 2 base segment the Portal reports for the loan on the report date, codes with their
// meanings from the reference data.
export function AccountInfo({ account }: { account: Metro2AccountView | null }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Account info
      </Title>
      {account === null ? (
        <Text fz="sm" c="dimmed">
          The loan was not funded by the report date: nothing was reported.
        </Text>
      ) : (
        <>
          {!account.reported && (
            <Alert color="yellow" variant="light" p="xs">
              A Do Not Report adjustment stands: nothing about this account goes to the bureaus.
            </Alert>
          )}
          <FactList
            label="Account info"
            facts={[
              { label: 'As of', value: formatDate(account.as_of) },
              { label: 'Account number', value: account.account_number },
              { label: 'Account status', value: metro2Words('account_status', account.account_status) },
              { label: 'Payment rating', value: metro2Words('payment_rating', account.payment_rating) },
              { label: 'Portfolio type', value: metro2Words('portfolio_type', account.portfolio_type) },
              { label: 'Account type', value: account.account_type },
              { label: 'Date opened', value: formatDate(account.date_opened) },
              {
                label: 'Terms',
                value: `${account.terms_duration} · ${metro2Words('terms_frequency', account.terms_frequency)}`,
              },
              { label: 'Scheduled monthly payment', value: formatMoney(account.scheduled_monthly_payment) },
              { label: 'Highest credit', value: formatMoney(account.highest_credit) },
              { label: 'Current balance', value: formatMoney(account.current_balance) },
              { label: 'Amount past due', value: formatMoney(account.amount_past_due) },
              { label: 'Days past due', value: String(account.days_past_due) },
              { label: 'Date of first delinquency', value: formatDate(account.date_of_first_delinquency) },
              { label: 'Date of last payment', value: formatDate(account.date_of_last_payment) },
              { label: 'Date closed', value: formatDate(account.date_closed) },
              { label: 'Special comment', value: orDash(account.special_comment) },
              {
                label: 'Compliance condition',
                value: metro2Words('compliance_condition', account.compliance_condition_code),
              },
              {
                label: 'Consumer information indicator',
                value: metro2Words('consumer_information_indicator', account.consumer_information_indicator),
              },
              { label: 'ECOA code', value: metro2Words('ecoa', account.ecoa_code) },
              { label: 'Interest type', value: orDash(account.interest_type) },
              {
                label: 'Payment history profile (24 months)',
                value: (
                  <Text span ff="monospace" fz="sm">
                    {account.payment_history_profile}
                  </Text>
                ),
              },
            ]}
          />
        </>
      )}
    </Stack>
  );
}

// The consumer as reported: name, address, SSN's last four, birthday and phone.
export function ConsumerInfo({ consumer }: { consumer: ReportedConsumer }) {
  const name = [consumer.first_name, consumer.middle_name, consumer.last_name, consumer.generation_code]
    .filter((part) => part)
    .join(' ');
  const cityLine = [consumer.city, [consumer.state, consumer.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Consumer info
      </Title>
      <FactList
        label="Consumer info"
        facts={[
          { label: 'Name', value: name },
          {
            label: 'Address',
            value: consumer.street || cityLine ? [consumer.street, cityLine].filter(Boolean).join(', ') : '—',
          },
          { label: 'SSN', value: maskSsn(consumer.ssn_last4) ?? '—' },
          { label: 'Date of birth', value: formatDate(consumer.birthday) },
          { label: 'Phone', value: orDash(consumer.phone_number) },
        ]}
      />
    </Stack>
  );
}
