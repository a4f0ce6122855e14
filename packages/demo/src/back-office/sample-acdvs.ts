import { inArray } from 'drizzle-orm';
import { addDays } from '@portal/contracts';
import { customers } from '@portal/db';
import {
  businessToday,
  openCustomerSsn,
  readReportedLoans,
  reportAccount,
  scheduledMonthlyPaymentCents,
  wholeDollars,
  type ServerContext,
} from '@portal/server/seeding';
import { drawDisputeLetter } from '@portal/demo-data/samples';

// ACDV requests as a bureau would send them about the given loans, in the import format
// (docs/acdv-import.md), for the demo's first start: one where the bureau agrees with the Portal,
// one with an old balance, an identity fraud claim with the consumer's letter as its image
// (received 35 days ago, so overdue), one with another address, and one naming an account the
// Portal does not have (misrouted).

type SampleContext = Pick<ServerContext, 'db' | 'clock' | 'businessTimeZone' | 'secretsKey'>;

const VARIANTS = [
  { dispute_code: '001', daysAgo: 3, change: () => ({}) },
  {
    dispute_code: '002',
    daysAgo: 12,
    change: (record: Record<string, unknown>) => ({ current_balance: Number(record.current_balance) + 125 }),
  },
  { dispute_code: '103', daysAgo: 35, change: () => ({}), image: true },
  { dispute_code: '101', daysAgo: 20, change: () => ({ street: '742 Evergreen Terrace', zip: '97403' }) },
] as const;

export async function sampleAcdvFile(context: SampleContext, loanIds: readonly number[]): Promise<Buffer> {
  const today = businessToday(context.clock, context.businessTimeZone);
  const loans = await readReportedLoans(context.db, loanIds, context.businessTimeZone);
  const customerIds = [...loans.values()].map((loan) => loan.customerId);
  const people =
    customerIds.length === 0 ? [] : await context.db.select().from(customers).where(inArray(customers.id, customerIds));
  const records: Record<string, unknown>[] = [];
  for (const [index, loanId] of loanIds.slice(0, VARIANTS.length).entries()) {
    const loan = loans.get(loanId);
    const person = people.find((candidate) => candidate.id === loan?.customerId);
    const account = loan ? reportAccount(loan, today) : null;
    if (!loan || !person || !account) continue;
    const variant = VARIANTS[index]!;
    const base: Record<string, unknown> = {
      control_number: `DEMO${String(loanId).padStart(8, '0')}${index}`,
      dispute_code: variant.dispute_code,
      received_on: addDays(today, -variant.daysAgo),
      first_name: person.firstName,
      middle_name: person.middleInitial ?? '',
      last_name: person.lastName,
      ssn: openCustomerSsn(context, person.id, person.ssnSealed) ?? '',
      birthday: person.birthday ?? '',
      phone_number: person.phoneNumber ?? '',
      street: person.street ?? '',
      city: person.city ?? '',
      state: person.state ?? '',
      zip: person.zip ?? '',
      account_number: String(loanId),
      account_status: account.accountStatus,
      payment_rating: account.paymentRating ?? '',
      current_balance: wholeDollars(account.currentBalanceCents),
      amount_past_due: wholeDollars(account.amountPastDueCents),
      highest_credit: wholeDollars(account.highestCreditCents),
      scheduled_monthly_payment: wholeDollars(scheduledMonthlyPaymentCents(loan)),
      terms_duration: loan.installmentCount,
      date_opened: loan.fundedOn ?? '',
      date_of_last_payment: account.dateOfLastPayment ?? '',
      date_of_first_delinquency: account.dateOfFirstDelinquency ?? '',
      date_closed: account.dateClosed ?? '',
      consumer_information_indicator: account.consumerInformationIndicator ?? '',
      compliance_condition_code: '',
      payment_history_profile: account.paymentHistoryProfile,
    };
    const record: Record<string, unknown> = { ...base, ...variant.change(base) };
    if ('image' in variant) {
      const letter = await drawDisputeLetter({
        kind: 'identity_theft',
        sender: {
          name: `${person.firstName} ${person.lastName}`,
          street: person.street ?? '1 Main Street',
          city: person.city ?? 'Portland',
          state: person.state ?? 'OR',
          zip: person.zip ?? '97201',
        },
        pages: 1,
      });
      record.image_base64 = Buffer.from(letter).toString('base64');
    }
    records.push(record);
  }
  const misrouted = people[0];
  if (misrouted)
    records.push({
      control_number: 'DEMO-MISROUTED-1',
      dispute_code: '001',
      received_on: addDays(today, -8),
      first_name: 'Jordan',
      last_name: 'Whitfield',
      ssn: '',
      birthday: '1988-04-17',
      phone_number: '5035550182',
      street: '18 Alder Court',
      city: 'Salem',
      state: 'OR',
      zip: '97301',
      account_number: '77000123456',
      account_status: '71',
      current_balance: 820,
      amount_past_due: 140,
    });
  return Buffer.from(`${JSON.stringify({ requests: records }, null, 2)}\n`);
}
