import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditReportingCalls } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { creditReportingKeys } from './query-keys.ts';

export type AcdvImage = { imageString: string; content_type: string };

// GET fcra/get_image {control_number} -> {imageString: a data: URL, content_type}.
export function getAcdvImage(controlNumber: string, signal?: AbortSignal): Promise<AcdvImage> {
  return callApi(creditReportingCalls.acdvImage, { query: { control_number: controlNumber } }, { signal });
}

export function acdvImageQueryOptions(controlNumber: string) {
  return queryOptions({
    queryKey: creditReportingKeys.acdvImage(controlNumber),
    queryFn: ({ signal }) => getAcdvImage(controlNumber, signal),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
}

export function useAcdvImage(controlNumber: string) {
  return useQuery(acdvImageQueryOptions(controlNumber));
}
