import { queryOptions, useQuery } from '@tanstack/react-query';
import { rawMessageResponse, type Message } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ticketKeys } from '../../../lib/query-keys.ts';

type RawMessage = { message_id: number; raw: string };

// GET users/get_raw_message {message_id}: the message as it arrived (MIME source, SMS payload).
export function getRawMessage(messageId: Message['id'], signal?: AbortSignal): Promise<RawMessage> {
  return apiRequest('users/get_raw_message', { query: { message_id: messageId }, schema: rawMessageResponse, signal });
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
