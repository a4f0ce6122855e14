import { incomeCalls, type IncomeActionResponse, type RequestNewStubBody } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';
import { incomeKeys } from './query-keys.ts';

// PATCH income/request_new_stub {loan_id, reasons (keys), note}: the customer is asked for a new
// paystub, told the reasons chosen.
export function requestNewStub(body: RequestNewStubBody): Promise<IncomeActionResponse> {
  return callApi(incomeCalls.requestNewStub, { body });
}

// The loan waits for the customer now, out of the queue: the next one is asked for at once.
export function useRequestNewStub() {
  return useRefreshingMutation(requestNewStub, [incomeKeys.review()]);
}
