import {
  maskSsn,
  type AcdvField,
  type FieldVerification,
  type Metro2AccountView,
  type ReportedConsumer,
} from '@portal/contracts';
import type { ParsedAcdvRecord } from './acdv-file-record.ts';

// The fields an ACDV answer verifies (SAME, DIFF, UNKN), each with what the bureau sent beside what
// the Portal reports, and the verification the Portal suggests. The list is the same for every
// request, so a response is checked against it (every field answered, no other).

// The bureau's side as imported (acdv_requests.consumer and .account, docs/acdv-import.md).
export type BureauConsumer = ParsedAcdvRecord['consumer'];
export type BureauAccount = ParsedAcdvRecord['account'];

export type PortalSide = {
  consumer: ReportedConsumer | null;
  // Whether the request's SSN is the customer's (compared through the keyed hash); null: unknown.
  ssnMatches: boolean | null;
  account: Metro2AccountView | null;
};

type Compared = { bureau: string | null; portal: string | null; kind: 'text' | 'exact' | 'digits' | 'zip' };

const text = (value: string | number | null | undefined): string | null =>
  value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim();
const dollars = (value: number | null | undefined) =>
  value === null || value === undefined ? null : String(Math.round(value));

function same(field: Compared): boolean {
  const { bureau, portal } = field;
  if (bureau === null || portal === null) return bureau === portal;
  if (field.kind === 'text')
    return bureau.replace(/\s+/g, ' ').toUpperCase() === portal.replace(/\s+/g, ' ').toUpperCase();
  if (field.kind === 'digits') return bureau.replace(/\D/g, '') === portal.replace(/\D/g, '');
  if (field.kind === 'zip') {
    const [b, p] = [bureau.replace(/\D/g, ''), portal.replace(/\D/g, '')];
    return b.length === 9 && p.length === 9 ? b === p : b.slice(0, 5) === p.slice(0, 5);
  }
  return bureau === portal;
}

// Both empty: nothing to dispute (SAME); the Portal has nothing: it cannot say (UNKN); otherwise
// whether they agree.
export function suggestVerification(field: Compared): FieldVerification {
  if (field.portal === null && field.bureau !== null) return 'UNKN';
  return same(field) ? 'SAME' : 'DIFF';
}

const DEFINITIONS: ReadonlyArray<{
  name: string;
  label: string;
  group: 'consumer' | 'account';
  kind: Compared['kind'];
  bureau: (consumer: BureauConsumer, account: BureauAccount, ssnLast4: string | null) => string | null;
  portal: (side: PortalSide) => string | null;
}> = [
  {
    name: 'first_name',
    label: 'First name',
    group: 'consumer',
    kind: 'text',
    bureau: (c) => text(c.firstName),
    portal: (p) => text(p.consumer?.first_name),
  },
  {
    name: 'middle_name',
    label: 'Middle name',
    group: 'consumer',
    kind: 'text',
    bureau: (c) => text(c.middleName),
    portal: (p) => text(p.consumer?.middle_name),
  },
  {
    name: 'last_name',
    label: 'Last name',
    group: 'consumer',
    kind: 'text',
    bureau: (c) => text(c.lastName),
    portal: (p) => text(p.consumer?.last_name),
  },
  {
    name: 'generation_code',
    label: 'Generation code',
    group: 'consumer',
    kind: 'text',
    bureau: (c) => text(c.generationCode),
    portal: (p) => text(p.consumer?.generation_code),
  },
  {
    name: 'ssn',
    label: 'SSN',
    group: 'consumer',
    kind: 'exact',
    bureau: (_c, _a, last4) => maskSsn(last4),
    portal: (p) => maskSsn(p.consumer?.ssn_last4),
  },
  {
    name: 'birthday',
    label: 'Date of birth',
    group: 'consumer',
    kind: 'exact',
    bureau: (c) => text(c.birthday),
    portal: (p) => text(p.consumer?.birthday),
  },
  {
    name: 'phone_number',
    label: 'Phone number',
    group: 'consumer',
    kind: 'digits',
    bureau: (c) => text(c.phoneNumber),
    portal: (p) => text(p.consumer?.phone_number),
  },
  {
    name: 'street',
    label: 'Street',
    group: 'consumer',
    kind: 'text',
    bureau: (c) => text(c.street),
    portal: (p) => text(p.consumer?.street),
  },
  {
    name: 'city',
    label: 'City',
    group: 'consumer',
    kind: 'text',
    bureau: (c) => text(c.city),
    portal: (p) => text(p.consumer?.city),
  },
  {
    name: 'state',
    label: 'State',
    group: 'consumer',
    kind: 'text',
    bureau: (c) => text(c.state),
    portal: (p) => text(p.consumer?.state),
  },
  {
    name: 'zip',
    label: 'ZIP',
    group: 'consumer',
    kind: 'zip',
    bureau: (c) => text(c.zip),
    portal: (p) => text(p.consumer?.zip),
  },
  {
    name: 'account_number',
    label: 'Account number',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => text(a.accountNumber),
    portal: (p) => text(p.account?.account_number),
  },
  {
    name: 'account_status',
    label: 'Account status',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => text(a.accountStatus),
    portal: (p) => text(p.account?.account_status),
  },
  {
    name: 'payment_rating',
    label: 'Payment rating',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => text(a.paymentRating),
    portal: (p) => text(p.account?.payment_rating),
  },
  {
    name: 'current_balance',
    label: 'Current balance ($)',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => dollars(a.currentBalance),
    portal: (p) => dollars(p.account?.current_balance),
  },
  {
    name: 'amount_past_due',
    label: 'Amount past due ($)',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => dollars(a.amountPastDue),
    portal: (p) => dollars(p.account?.amount_past_due),
  },
  {
    name: 'highest_credit',
    label: 'Highest credit ($)',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => dollars(a.highestCredit),
    portal: (p) => dollars(p.account?.highest_credit),
  },
  {
    name: 'scheduled_monthly_payment',
    label: 'Scheduled monthly payment ($)',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => dollars(a.scheduledMonthlyPayment),
    portal: (p) => dollars(p.account?.scheduled_monthly_payment),
  },
  {
    name: 'terms_duration',
    label: 'Terms duration',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => text(a.termsDuration),
    portal: (p) => text(p.account?.terms_duration),
  },
  {
    name: 'date_opened',
    label: 'Date opened',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => text(a.dateOpened),
    portal: (p) => text(p.account?.date_opened),
  },
  {
    name: 'date_of_last_payment',
    label: 'Date of last payment',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => text(a.dateOfLastPayment),
    portal: (p) => text(p.account?.date_of_last_payment),
  },
  {
    name: 'date_of_first_delinquency',
    label: 'Date of first delinquency',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => text(a.dateOfFirstDelinquency),
    portal: (p) => text(p.account?.date_of_first_delinquency),
  },
  {
    name: 'date_closed',
    label: 'Date closed',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => text(a.dateClosed),
    portal: (p) => text(p.account?.date_closed),
  },
  {
    name: 'consumer_information_indicator',
    label: 'Consumer information indicator',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => text(a.consumerInformationIndicator),
    portal: (p) => text(p.account?.consumer_information_indicator),
  },
  {
    name: 'compliance_condition_code',
    label: 'Compliance condition code',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => text(a.complianceConditionCode),
    portal: (p) => text(p.account?.compliance_condition_code),
  },
  {
    name: 'payment_history_profile',
    label: 'Payment history profile',
    group: 'account',
    kind: 'exact',
    bureau: (_c, a) => text(a.paymentHistoryProfile),
    portal: (p) => text(p.account?.payment_history_profile),
  },
];

export const ACDV_FIELD_NAMES: readonly string[] = DEFINITIONS.map((definition) => definition.name);
export const acdvFieldLabel = (name: string) =>
  DEFINITIONS.find((definition) => definition.name === name)?.label ?? name;

export function compareAcdvFields(
  consumer: BureauConsumer,
  account: BureauAccount,
  ssnLast4: string | null,
  portal: PortalSide,
): AcdvField[] {
  return DEFINITIONS.map((definition) => {
    const field: Compared = {
      bureau: definition.bureau(consumer, account, ssnLast4),
      portal: definition.portal(portal),
      kind: definition.kind,
    };
    // The SSN is compared on the whole number (its keyed hash), not on the last four shown.
    const suggested =
      definition.name === 'ssn' && field.bureau !== null && field.portal !== null && portal.ssnMatches !== null
        ? portal.ssnMatches
          ? 'SAME'
          : 'DIFF'
        : suggestVerification(field);
    return { name: definition.name, label: definition.label, group: definition.group, ...field, suggested };
  });
}
