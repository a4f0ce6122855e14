import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerCalls, type Message, type RawMessageResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { ticketKeys } from './query-keys.ts';

// GET users/get_raw_message {message_id}: the message as it arrived (MIME source, SMS payload).
export function getRawMessage(messageId: Message['id'], signal?: AbortSignal): Promise<RawMessageResponse> {
  return callApi(customerCalls.getRawMessage, { query: { message_id: messageId } }, { signal });
}

export function rawMessageQueryOptions(messageId: number) {
  return queryOptions({
    queryKey: ticketKeys.rawMessage(messageId),
    queryFn: ({ signal }) => getRawMessage(messageId, signal),
    staleTime: Infinity,
  });
}

export function useRawMessage(messageId: number, enabled: boolean) {
  return useQuery({ ...rawMessageQueryOptions(messageId), enabled });
}
