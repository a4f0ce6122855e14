import { staffCalls, type ActionResponse, type RevokeSessionRequest } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { useStaffAction } from './use-staff-action.ts';

// DELETE staff/sessions {session_id}: ends one session.
export function revokeSession(input: RevokeSessionRequest): Promise<ActionResponse> {
  return callApi(staffCalls.revokeSession, { query: input });
}

export function useRevokeSession({ mutationConfig }: { mutationConfig?: MutationConfig<typeof revokeSession> } = {}) {
  return useStaffAction(revokeSession, mutationConfig);
}
