import { useMutation } from '@tanstack/react-query';
import { userPageCalls, type HotlinkResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

// GET users/hotlink {user_id}: a new signed link each time (each one is audited), so it is made on
// request, never cached.
export function getHotlink(userId: number): Promise<HotlinkResponse> {
  return callApi(userPageCalls.getHotlink, { query: { user_id: userId } });
}

export function useHotlink() {
  return useMutation({ mutationFn: getHotlink });
}
