import { useMutation } from '@tanstack/react-query';
import { evidencePackCalls, evidencePackFileName } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { businessToday } from '../../../lib/business-date.ts';

// How long the handed-over object URL stays valid: enough for the download to read it.
const OBJECT_URL_LIFETIME_MS = 60_000;

// GET users/evidence_pack {user_id}: the customer's evidence pack (a ZIP), fetched with the bearer
// header (a plain link would carry no token), then saved under the name the server gives it. Each
// one is built anew and audited, so it is a mutation, never cached.
export async function downloadEvidencePack(userId: number): Promise<void> {
  const zip = await callApi(evidencePackCalls.getEvidencePack, { query: { user_id: userId } });
  const url = URL.createObjectURL(zip);
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  const link = document.createElement('a');
  link.href = url;
  link.download = evidencePackFileName(userId, businessToday());
  link.click();
}

export function useDownloadEvidencePack() {
  return useMutation({ mutationFn: downloadEvidencePack });
}
