import { useMutation } from '@tanstack/react-query';
import { FCRA_MAILER_CODES, creditReportingCalls, type FcraMailerResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

const MAILER_103 = FCRA_MAILER_CODES[0];

// POST fcra_dashboard/fcra_mailer {id, code: '103'}: the identity fraud mailer to the loan's customer.
export function sendFcraMailer(loanId: number): Promise<FcraMailerResponse> {
  return callApi(creditReportingCalls.fcraMailer, { body: { id: loanId, code: MAILER_103 } });
}

export function useSendFcraMailer() {
  return useMutation({ mutationFn: sendFcraMailer });
}
