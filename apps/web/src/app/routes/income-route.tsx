import { IncomeReviewPage } from '../../features/income/components/income-review-page.tsx';

// /income (spec 001 section 2): one loan's paystubs at a time, verified or re-requested.
export function IncomeRoute() {
  return <IncomeReviewPage />;
}
