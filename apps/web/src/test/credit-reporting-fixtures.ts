import type {
  Acdv,
  AcdvField,
  AcdvRequestResponse,
  FcraLookupResponse,
  Metro2AccountView,
  ReportingFile,
  ReportingFilesResponse,
} from '@portal/contracts';

// The credit reporting screens' tests' data.

export function acdvField(overrides: Partial<AcdvField> & Pick<AcdvField, 'name' | 'label'>): AcdvField {
  return { group: 'consumer', bureau: 'x', portal: 'x', suggested: 'SAME', ...overrides };
}

export const ACDV_FIELDS: AcdvField[] = [
  acdvField({ name: 'first_name', label: 'First name', bureau: 'MARIA', portal: 'Maria' }),
  acdvField({
    name: 'street',
    label: 'Street',
    bureau: '742 Evergreen Terrace',
    portal: '12 Oak St',
    suggested: 'DIFF',
  }),
  acdvField({ name: 'generation_code', label: 'Generation code', bureau: 'JR', portal: null, suggested: 'UNKN' }),
  acdvField({ name: 'account_status', label: 'Account status', group: 'account', bureau: '11', portal: '11' }),
  acdvField({
    name: 'current_balance',
    label: 'Current balance',
    group: 'account',
    bureau: '945',
    portal: '820',
    suggested: 'DIFF',
  }),
];

export function acdvFixture(overrides: Partial<Acdv> = {}): Acdv {
  return {
    id: 1001,
    control_number: 'CN-1001',
    dispute_code: '101',
    dispute_meaning: 'Not liable for account',
    received_on: '2026-01-05',
    response_due_on: '2026-02-04',
    bureau_response_due_on: null,
    overdue: false,
    days_left: 12,
    days_kind: 'calendar',
    consumer_info_added_on: null,
    first_name: 'MARIA',
    middle_name: null,
    last_name: 'GARCIA',
    generation_code: 'JR',
    birthday: '1988-04-09',
    ssn_last4: '6789',
    phone_number: '5595551234',
    address: { street: '742 Evergreen Terrace', city: 'Fresno', state: 'CA', zip: '93701' },
    account_number: '901',
    fields: ACDV_FIELDS,
    lease_expires_at: '2026-01-20T18:30:00.000Z',
    ...overrides,
  };
}

export function acdvAnswer(overrides: Partial<AcdvRequestResponse> = {}): AcdvRequestResponse {
  const acdv = overrides.acdv === undefined ? acdvFixture() : overrides.acdv;
  return {
    acdv,
    user: { id: 38, first_name: 'Maria', last_name: 'Garcia', ssn_matches: true },
    count: 3,
    responseVerification: Object.fromEntries((acdv?.fields ?? []).map((field) => [field.name, field.suggested])),
    loan_id: 901,
    hasImage: false,
    ...overrides,
  };
}

export const NO_FILES: ReportingFilesResponse = { files: [], unprocessed_acdvs: 0, pending_adjustments: 0 };

// A Metro 2 correction file, as the file list and the correction card show it.
export function reportingFileFixture(overrides: Partial<ReportingFile> = {}): ReportingFile {
  return {
    id: 9,
    kind: 'metro2_correction',
    file_name: 'metro2-corrections-2026-01-20-1.txt',
    record_count: 2,
    created_at: '2026-01-20T18:00:00.000Z',
    created_by: 'Ana Lopez',
    ...overrides,
  };
}

type CustomerBankruptcy = NonNullable<FcraLookupResponse['user']['bankruptcy']>;

// A chapter 7 filing on record, not yet discharged.
export function bankruptcyFixture(overrides: Partial<CustomerBankruptcy> = {}): CustomerBankruptcy {
  return {
    case_code: '2410234',
    b_type: 7,
    court_district: null,
    filed: '2025-12-01',
    discharged: null,
    dismissed: null,
    consumer_information_indicator: 'A',
    ...overrides,
  };
}

export function accountFixture(overrides: Partial<Metro2AccountView> = {}): Metro2AccountView {
  return {
    as_of: '2026-01-20',
    reported: true,
    account_number: '901',
    portfolio_type: 'I',
    account_type: '01',
    date_opened: '2025-03-02',
    terms_duration: 12,
    terms_frequency: 'M',
    scheduled_monthly_payment: 110,
    highest_credit: 1200,
    current_balance: 820,
    amount_past_due: 110,
    days_past_due: 35,
    account_status: '71',
    payment_rating: null,
    payment_history_profile: '1000000000BBBBBBBBBBBBBB',
    special_comment: null,
    compliance_condition_code: 'XB',
    interest_type: 'F',
    date_of_first_delinquency: '2025-12-15',
    date_closed: null,
    date_of_last_payment: '2025-11-15',
    consumer_information_indicator: null,
    ecoa_code: '1',
    ...overrides,
  };
}

const months = (codes: ReadonlyArray<string | null>) => [...codes, ...Array<null>(12 - codes.length).fill(null)];

export function lookupFixture(overrides: Partial<FcraLookupResponse> = {}): FcraLookupResponse {
  return {
    report_date: '2026-01-20',
    loan: {
      id: 901,
      status: 'funded',
      refinance_chain_ids: [901],
      account: accountFixture(),
      consumer: {
        first_name: 'Maria',
        middle_name: null,
        last_name: 'Garcia',
        generation_code: null,
        ssn_last4: '6789',
        birthday: '1988-04-09',
        phone_number: '5595551234',
        street: '12 Oak St',
        city: 'Fresno',
        state: 'CA',
        zip: '93701',
      },
      payment_detail: [
        {
          id: 5001,
          original_due_date: '2025-04-02',
          due_date: '2025-04-02',
          status: 'paid',
          amount_paid: 110,
          payment_amount: 110,
          paid_on: '2025-04-02',
        },
      ],
      past_adjustments: [
        {
          id: 3,
          adj_type: 'resend',
          reason: 'Balance corrected',
          processed: true,
          gen_adj_file: true,
          source: 'cr_adj',
          created_at: '2025-12-01T18:00:00.000Z',
          created_by: 'Ana Lopez',
        },
      ],
      history: [
        { year: 2026, months: months([]), compliance: months([]) },
        {
          year: 2025,
          months: months(['B', 'B', 'B', '0', '0', '0', '0', '0', '0', '0', '1', '2']),
          compliance: months([]),
        },
        ...[2024, 2023, 2022, 2021, 2020].map((year) => ({ year, months: months([]), compliance: months([]) })),
      ],
    },
    user: {
      id: 38,
      dnc: false,
      dnl: true,
      bankruptcy: null,
      comments: [{ body: 'Called about the balance.', created_at: '2026-01-10T18:00:00.000Z', employee: 'Ana Lopez' }],
    },
    additional_loans: [
      {
        id: 640,
        status: 'paid_off',
        current_balance: 0,
        accepted: '2024-01-05',
        cash_advanced: 500,
        payment_detail: [
          {
            id: 4001,
            original_due_date: '2024-02-05',
            due_date: '2024-02-05',
            status: 'paid',
            amount_paid: 540,
            payment_amount: 540,
            paid_on: '2024-02-05',
          },
        ],
      },
    ],
    ...overrides,
  };
}
