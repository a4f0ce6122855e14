import { loanServicingCalls, type LoanActionResponse, type SplitPaymentRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { withReadableDates } from '../readable-dates.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// PATCH loans/split_payment: part of a payment moves to a new date; a 409 starting 'Warning' asks to confirm (warning_accepted).
export function splitPayment(input: SplitPaymentRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.splitPayment, { body: input });
}

// The split is confirmed in a notification, as every payment action is, with its dates as the
// screens write them.
export function useSplitPayment({ mutationConfig }: { mutationConfig?: MutationConfig<typeof splitPayment> } = {}) {
  return useLoanCardAction(splitPayment, mutationConfig, { text: (answer) => withReadableDates(answer.message) });
}
