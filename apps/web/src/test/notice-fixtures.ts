import { EMPTY_NOTICE_FIELDS, type BankruptcyNotice, type ParsedData } from '@portal/contracts';

// Notices for the bankruptcy screens' tests.

export const EMPTY_PARSED_DATA: ParsedData = { ...EMPTY_NOTICE_FIELDS };

export function noticeFixture(
  overrides: Partial<Omit<BankruptcyNotice, 'parsed_data'>> & { parsed_data?: Partial<ParsedData> } = {},
): BankruptcyNotice {
  const { parsed_data, ...rest } = overrides;
  return {
    id: 31,
    status: 'assigned',
    employee_id: 7,
    employee_name: 'Ana Lopez',
    notice_source: 'upload',
    created_at: '2024-01-05T18:00:00.000Z',
    updated_at: '2024-01-06T18:00:00.000Z',
    processed_at: null,
    // No document: the frame shows its placeholder and fetches nothing.
    attachment_url: '',
    file_name: 'notice-31.pdf',
    type: 'BankruptcyNotice::InitialFiling',
    has_text: true,
    customer: null,
    ...rest,
    parsed_data: {
      ...EMPTY_PARSED_DATA,
      case_number: '24-10001',
      court_district: 'CAN',
      b_type: '7',
      debtor_name: 'Jane Doe',
      debtor_ssn: '123456789',
      filed: '2024-01-02',
      ...parsed_data,
    },
  };
}
