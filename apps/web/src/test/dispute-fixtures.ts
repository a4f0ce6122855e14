import type { Dispute, DisputeUserResult } from '@portal/contracts';
import { pdfResponse, type FileAnswers } from './api-server.ts';

// The disputes screens' tests' data. A dispute's document is a PDF.

export const disputeDocuments: FileAnswers = (call) => (call.path.endsWith('/document') ? pdfResponse() : undefined);

export function disputeFixture(overrides: Partial<Dispute> = {}): Dispute {
  const id = overrides.id ?? 5;
  return {
    id,
    status: 'assigned',
    employee_id: 7,
    employee_name: 'Ana Lopez',
    received_at: '2026-11-02T16:00:00.000Z',
    letter_received_on: '2026-11-02',
    due_date: '2026-12-02',
    overdue: false,
    dispute_url: `/internal/api/disputes_dashboard/${id}/document`,
    file_name: 'letter.pdf',
    user_id: null,
    loan_id: null,
    first_name: null,
    last_name: null,
    street: null,
    city: null,
    state: null,
    zip: null,
    type: null,
    sent_by_third_party: null,
    contains_valid_3pa: null,
    phone_number: null,
    ssn_last_four: null,
    failed_responses_count: 0,
    latest_failed_response_error: null,
    response_type: null,
    resolved_at: null,
    consumer_disagrees: false,
    frivolous_at: null,
    frivolous_notice_sent_at: null,
    ...overrides,
  };
}

// Every field a Validation response needs.
export const completeDispute: Partial<Dispute> = {
  user_id: 38,
  loan_id: 901,
  first_name: 'Maria',
  last_name: 'Garcia',
  street: '12 Oak St',
  city: 'Fresno',
  state: 'CA',
  zip: '93701',
  type: 'Dispute::DebtValidation',
  sent_by_third_party: false,
  contains_valid_3pa: false,
};

export function userResultFixture(overrides: Partial<DisputeUserResult> = {}): DisputeUserResult {
  return {
    id: 38,
    first_name: 'Maria',
    last_name: 'Garcia',
    birthday: '1988-04-09',
    ssn_last_four: '6789',
    email: 'maria@example.com',
    phone_number: '5595551234',
    address: { street: '12 Oak St', city: 'Fresno', state: 'CA', zip: '93701' },
    active_loan_id: 901,
    other_funded_loan_ids: [640],
    ...overrides,
  };
}
