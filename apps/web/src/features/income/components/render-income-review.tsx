import { renderWithProviders } from '../../../test/render.tsx';
import type { ApiAnswers } from '../../../test/api-server.ts';
import { REVIEW, answerIncomeCalls, reviewAnswer, reviewItemFixture } from '../../../test/income-review-fixtures.ts';
import { IncomeReviewPage } from './income-review-page.tsx';

// The income review screen in the forms' tests: one loan to review (unless `server` answers the
// review itself), over the fake server; what it sent.
export function renderIncomeReview(server: ApiAnswers) {
  const sent = answerIncomeCalls({ [REVIEW]: [200, reviewAnswer(reviewItemFixture())], ...server });
  renderWithProviders(<IncomeReviewPage />, { route: '/income' });
  return sent;
}
