import { loanServicingCalls, type LoanActionResponse, type OpenLinkRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useLoanCardAction } from './use-loan-card-action.ts';

// PATCH loans/open_link {loan}: opens the customer's document upload link again.
export function openUploadLink(input: OpenLinkRequest): Promise<LoanActionResponse> {
  return callApi(loanServicingCalls.openLink, { body: input });
}

export function useOpenUploadLink({ mutationConfig }: { mutationConfig?: MutationConfig<typeof openUploadLink> } = {}) {
  return useLoanCardAction(openUploadLink, mutationConfig);
}
