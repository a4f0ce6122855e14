import { vi } from 'vitest';
import type { Dispute, DisputeUserResult } from '@portal/contracts';
import { jsonResponse } from '../../../test/render.tsx';

// The calls a disputes test made, and the server it talks to: answers by "METHOD path" (path after
// /internal/api/), each a fixed [status, body] or a function of the call; anything else is a 404.
export type SentCall = { method: string; path: string; query: URLSearchParams; body: unknown };
type Answer = [status: number, body: unknown];
export type DisputeServer = Record<string, Answer | ((call: SentCall) => Answer)>;

function readBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? null;
  return JSON.parse(body) as unknown;
}

export function answerDisputeCalls(server: DisputeServer): SentCall[] {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://portal.test');
      const call: SentCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/internal\/api\//, ''),
        query: url.searchParams,
        body: readBody(init?.body),
      };
      sent.push(call);
      if (call.path.endsWith('/document'))
        return new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } });
      const answer = server[`${call.method} ${call.path}`];
      const [status, body] =
        typeof answer === 'function' ? answer(call) : (answer ?? [404, { errors: [`No answer for ${call.path}.`] }]);
      return jsonResponse(body, status);
    }),
  );
  return sent;
}

// The calls of one endpoint ("PATCH disputes_dashboard/update_dispute").
export function callsTo(sent: readonly SentCall[], endpoint: string): SentCall[] {
  return sent.filter((call) => `${call.method} ${call.path}` === endpoint);
}

export function disputeFixture(overrides: Partial<Dispute> = {}): Dispute {
  const id = overrides.id ?? 5;
  return {
    id,
    status: 'assigned',
    employee_id: 7,
    employee_name: 'Ana Lopez',
    received_at: '2026-11-02T16:00:00.000Z',
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
