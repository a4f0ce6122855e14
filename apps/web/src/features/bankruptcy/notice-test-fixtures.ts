import { vi } from 'vitest';
import { EMPTY_NOTICE_FIELDS, type BankruptcyNotice, type ParsedData } from '@portal/contracts';
import { jsonResponse } from '../../test/render.tsx';

// Notices and a network for the bankruptcy screens' tests.

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

export type SentCall = { url: string; method: string; body: unknown; keepalive: boolean };
type Answer = { status?: number; body: unknown };

// Answers each request by the first route whose method and path match (a route answers until
// another one is set for it); records what was sent. Unmatched requests get a 404.
export function answerRoutes(routes: Record<string, Answer | ((call: SentCall) => Answer)>): SentCall[] {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const call: SentCall = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null),
        keepalive: init?.keepalive === true,
      };
      sent.push(call);
      const path = new URL(call.url, 'http://portal.test').pathname.replace(/^\/internal\/api\//, '');
      const route = routes[`${call.method} ${path}`];
      if (!route) return jsonResponse({ errors: [`No test answer for ${call.method} ${path}`] }, 404);
      const answer = typeof route === 'function' ? route(call) : route;
      return jsonResponse(answer.body, answer.status ?? 200);
    }),
  );
  return sent;
}
