import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creditReportingCalls, type BankruptcyActionResponse, type FcraBankruptcyKind } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { creditReportingKeys } from './query-keys.ts';

export type BankruptcyInput = { kind: FcraBankruptcyKind; id: string; case_code: string; b_type: string; date: string };

// POST fcra_dashboard/fcra_file_bankruptcy {id, case_code, b_type, date_filed}.
export function fileBankruptcy(form: Omit<BankruptcyInput, 'kind'>): Promise<BankruptcyActionResponse> {
  const { date, ...rest } = form;
  return callApi(creditReportingCalls.fileBankruptcy, { body: { ...rest, date_filed: date } });
}

// PATCH fcra_dashboard/fcra_discharge_bankruptcy {id, case_code, b_type, date_discharged}.
export function dischargeBankruptcy(form: Omit<BankruptcyInput, 'kind'>): Promise<BankruptcyActionResponse> {
  const { date, ...rest } = form;
  return callApi(creditReportingCalls.dischargeBankruptcy, { body: { ...rest, date_discharged: date } });
}

// Either call, by kind; the lookup is read again afterwards (the indicator and balances changed).
export function useRecordBankruptcy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...form }: BankruptcyInput) =>
      kind === 'file' ? fileBankruptcy(form) : dischargeBankruptcy(form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditReportingKeys.lookups() }),
  });
}
