import { useMutation } from '@tanstack/react-query';
import { MESSAGES, sessionCalls, type ToggleOnlineRequest, type ToggleOnlineResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { isUnauthorized } from '../../../lib/api-error.ts';
import { flashError } from '../../../lib/flash.ts';
import { updateSession } from '../../../lib/session.ts';

// PATCH toggle_online: the server's answer is the employee's online state from now on.
export function toggleOnline(input: ToggleOnlineRequest): Promise<ToggleOnlineResponse> {
  return callApi(sessionCalls.toggleOnline, { body: input });
}

export function useToggleOnline() {
  return useMutation({
    mutationFn: toggleOnline,
    onSuccess: ({ online }) => updateSession({ online }),
    // A 401 already signed the employee out with its own message.
    onError: (error) => {
      if (!isUnauthorized(error)) flashError(MESSAGES.toggleOnlineFailed);
    },
  });
}
