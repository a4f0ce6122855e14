import { bankruptcyNoticeCalls } from '@portal/contracts';
import { callApi, sendKeepalive } from '../../../lib/api-client.ts';

// PATCH bankruptcy_notices/{id}/unassign: lets the notice go back to the queue.
export async function unassignNotice(id: number): Promise<void> {
  await callApi(bankruptcyNoticeCalls.unassignNotice, { params: { id } });
}

// The same, as a request that outlives the page (the tab closing, the screen left).
export function releaseNotice(id: number): void {
  sendKeepalive(bankruptcyNoticeCalls.unassignNotice, { params: { id } });
}
