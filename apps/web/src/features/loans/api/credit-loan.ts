import { loanServicingCalls, type LoanActionResponse, type CreditLoanRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// POST loans/credit_loan {loan_id, credit_amount}: money off what the customer owes.
export function creditLoan(input: CreditLoanRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.creditLoan, { body: input });
}

export function useCreditLoan({ mutationConfig }: { mutationConfig?: MutationConfig<typeof creditLoan> } = {}) {
  return useLoanCardAction(creditLoan, mutationConfig);
}
