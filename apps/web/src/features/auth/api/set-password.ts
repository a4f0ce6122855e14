import { useMutation } from '@tanstack/react-query';
import { staffCalls, type SetPasswordRequest, type SetPasswordResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

// POST employees/set_password {token, password}: the one-time link of an invitation; no session.
export function setPassword(input: SetPasswordRequest): Promise<SetPasswordResponse> {
  return callApi(staffCalls.setPassword, { body: input }, { signOutOnUnauthorized: false });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
