import { incomeCalls, type IncomeActionResponse, type VerifyIncomeBody } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { incomeKeys } from './query-keys.ts';

// PATCH income/verify_income {loan_id, name_match, paystub_date, gross_income, net_income,
// frequency, start_date, end_date}: the fields as the form holds them; the server applies the same
// rules and answers 422 with its sentences.
export function verifyIncome(body: VerifyIncomeBody): Promise<IncomeActionResponse> {
  return callApi(incomeCalls.verifyIncome, { body });
}

// A verified loan leaves the queue: the next one is asked for (and leased) at once.
export function useVerifyIncome() {
  return useRefreshingMutation(verifyIncome, [incomeKeys.review()]);
}
