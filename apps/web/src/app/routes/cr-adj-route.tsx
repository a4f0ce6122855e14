import { AdjustmentsPage } from '../../features/credit-reporting/components/adjustments-page.tsx';

// /cr_adj (spec 001 section 2): special credit report adjustments.
export function CrAdjRoute() {
  return <AdjustmentsPage />;
}
