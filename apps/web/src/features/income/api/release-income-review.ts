import { incomeCalls } from '@portal/contracts';
import { sendKeepalive } from '../../../lib/api-client.ts';

// PATCH income/release {loan_id}: the loan I hold goes back to the queue, as a request that
// outlives the page (the screen left, the tab closed).
export function releaseIncomeReview(loanId: number): void {
  sendKeepalive(incomeCalls.release, { body: { loan_id: loanId } });
}
