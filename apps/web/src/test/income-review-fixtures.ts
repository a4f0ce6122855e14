import type { IncomeReviewItem, IncomeReviewResponse, Paystub, RerequestReasonsResponse } from '@portal/contracts';
import { PAYSTUB_REREQUEST_REASONS } from '@portal/contracts';
import { answerApiCalls, fileResponse, inTurn, type ApiAnswers, type SentCall } from './api-server.ts';

// The data and the fake server of the income review screen's tests.

export const REVIEW = 'GET income/review';
export const VERIFY = 'PATCH income/verify_income';
export const REASONS = 'GET income/rerequest_reasons';
export const REQUEST_NEW_STUB = 'PATCH income/request_new_stub';
export const RELEASE = 'PATCH income/release';

export function paystubFixture(overrides: Partial<Paystub> = {}): Paystub {
  return {
    id: 501,
    name: 'paystub-march.png',
    uploaded_at: '2026-03-08T15:30:00Z',
    reviewed_at: null,
    url: 'documents/501',
    stub_file_type: 'image',
    content_type: 'image/png',
    ...overrides,
  };
}

export function reviewItemFixture(overrides: Partial<IncomeReviewItem> = {}): IncomeReviewItem {
  return {
    review_id: 71,
    loan_id: 901,
    user_id: 38,
    user_name: 'Maria Garcia',
    applied_amount: 1250,
    applied: '2026-03-01',
    paystubs: [
      paystubFixture(),
      paystubFixture({
        id: 480,
        name: 'paystub-february.pdf',
        uploaded_at: '2026-02-20T10:00:00Z',
        reviewed_at: '2026-02-21T09:00:00Z',
        url: 'documents/480',
        stub_file_type: 'pdf',
        content_type: 'application/pdf',
      }),
    ],
    url: 'documents/501',
    stub_file_type: 'image',
    paystub_must_be_dated_on_or_after: '2026-01-15',
    paystub_must_be_dated_on_or_before: '2026-04-09',
    today: '2026-03-10',
    last_ticket_id: 77,
    lease_expires_at: '2026-03-10T16:00:00Z',
    ...overrides,
  };
}

export function reviewAnswer(review: IncomeReviewItem | null, needReviewTotal = 3): IncomeReviewResponse {
  return { review, need_review_total: needReviewTotal };
}

export const REASONS_ANSWER: RerequestReasonsResponse = {
  reasons: PAYSTUB_REREQUEST_REASONS.map((reason) => ({ ...reason })),
};

// The paystubs' files: a picture or a PDF, by the path's extension of the fixture's name.
function paystubFile(call: SentCall): Response | undefined {
  if (!call.path.startsWith('documents/')) return undefined;
  return call.path === 'documents/480' ? fileResponse('%PDF-1.7', 'application/pdf') : fileResponse('png', 'image/png');
}

// The income review's calls answered: the re-request reasons, the release of the loan held when the
// screen is left, the paystubs' files, and `answers`.
export function answerIncomeCalls(answers: ApiAnswers): SentCall[] {
  return answerApiCalls(
    { [REASONS]: [200, REASONS_ANSWER], [RELEASE]: [200, { message: 'Released.', need_review_total: 3 }], ...answers },
    paystubFile,
  );
}

// The answers of GET income/review, one per call, the last repeated.
export function reviewsInTurn(...answers: IncomeReviewResponse[]): () => [number, unknown] {
  return inTurn(...answers.map((answer): [number, unknown] => [200, answer]));
}
