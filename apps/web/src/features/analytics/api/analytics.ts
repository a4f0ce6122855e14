import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  analyticsCalls,
  type AnalyticsAverageResponse,
  type AnalyticsCountResponse,
  type AutoResponseAnalyticsResponse,
  type EmployeeListResponse,
  type EmployeeTicketResponse,
  type TextEmailResponse,
  type UpdatePaymentAnalyticsResponse,
} from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

export type DateRange = { start: string; end: string };

const rangeQuery = ({ start, end }: DateRange) => ({ start_date: start, end_date: end });

export const analyticsKeys = {
  all: ['analytics'] as const,
  figure: (name: string, range: DateRange) => ['analytics', name, range.start, range.end] as const,
  employees: () => ['analytics', 'employee-list'] as const,
  employeeStats: (range: DateRange, ids: readonly number[]) =>
    ['analytics', 'employee-stats', range.start, range.end, ids.join(',')] as const,
};

// The figures are history: a minute's cache keeps switching ranges back and forth instant.
const FIGURE_STALE_MS = 60_000;

type CountCall = 'totalNumberOfConversations' | 'totalOutboundMessages' | 'totalInboundMessages';
type AverageCall = 'averageFirstResponseTime' | 'adjustedAverageFirstResponseTime';

export function countQueryOptions(call: CountCall, range: DateRange) {
  return queryOptions({
    queryKey: analyticsKeys.figure(call, range),
    queryFn: ({ signal }): Promise<AnalyticsCountResponse> =>
      callApi(analyticsCalls[call], { query: rangeQuery(range) }, { signal }),
    staleTime: FIGURE_STALE_MS,
  });
}

export function averageQueryOptions(call: AverageCall, range: DateRange) {
  return queryOptions({
    queryKey: analyticsKeys.figure(call, range),
    queryFn: ({ signal }): Promise<AnalyticsAverageResponse> =>
      callApi(analyticsCalls[call], { query: rangeQuery(range) }, { signal }),
    staleTime: FIGURE_STALE_MS,
  });
}

export function useCount(call: CountCall, range: DateRange) {
  return useQuery(countQueryOptions(call, range));
}

export function useAverage(call: AverageCall, range: DateRange) {
  return useQuery(averageQueryOptions(call, range));
}

export function useTextEmail(range: DateRange) {
  return useQuery(
    queryOptions({
      queryKey: analyticsKeys.figure('textEmail', range),
      queryFn: ({ signal }): Promise<TextEmailResponse> =>
        callApi(
          analyticsCalls.textEmailAnalytics,
          { query: { ...rangeQuery(range), text: true, email: true } },
          { signal },
        ),
      staleTime: FIGURE_STALE_MS,
    }),
  );
}

export function useEmployeeList(range: DateRange) {
  return useQuery(
    queryOptions({
      queryKey: analyticsKeys.employees(),
      queryFn: ({ signal }): Promise<EmployeeListResponse> =>
        callApi(analyticsCalls.employeeList, { query: rangeQuery(range) }, { signal }),
      staleTime: 5 * 60_000,
    }),
  );
}

export function useEmployeeStats(range: DateRange, ids: readonly number[]) {
  return useQuery(
    queryOptions({
      queryKey: analyticsKeys.employeeStats(range, ids),
      queryFn: ({ signal }): Promise<EmployeeTicketResponse> =>
        callApi(
          analyticsCalls.employeeTicketAnalytics,
          { query: { ...rangeQuery(range), employees: ids.map(String).join(',') } },
          { signal },
        ),
      staleTime: FIGURE_STALE_MS,
    }),
  );
}

// auto_response_analytics: the after-hours auto-responses of the conversations started in the range.
export function useAutoResponses(range: DateRange) {
  return useQuery(
    queryOptions({
      queryKey: analyticsKeys.figure('autoResponses', range),
      queryFn: ({ signal }): Promise<AutoResponseAnalyticsResponse> =>
        callApi(analyticsCalls.autoResponseAnalytics, { query: rangeQuery(range) }, { signal }),
      staleTime: FIGURE_STALE_MS,
    }),
  );
}

// update_payment_analytics: payment updates in the range by customers (user), by staff (cs), both (total).
export function usePaymentUpdates(range: DateRange) {
  return useQuery(
    queryOptions({
      queryKey: analyticsKeys.figure('paymentUpdates', range),
      queryFn: ({ signal }): Promise<UpdatePaymentAnalyticsResponse> =>
        callApi(analyticsCalls.updatePaymentAnalytics, { query: rangeQuery(range) }, { signal }),
      staleTime: FIGURE_STALE_MS,
    }),
  );
}
