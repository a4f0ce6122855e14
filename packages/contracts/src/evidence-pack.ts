import { defineCall, FILE_RESPONSE, needs } from './call.ts';
import { userIdQuerySchema } from './customers.ts';

// A customer's evidence pack (issue 30, decision 050): one ZIP with everything the Portal holds on
// them, for a CFPB complaint response or an examiner's sample; built on request, audited.

export const evidencePackCalls = {
  // application/zip, saved under evidencePackFileName.
  getEvidencePack: defineCall({
    method: 'GET',
    path: 'users/evidence_pack',
    access: needs('customers.evidence_pack'),
    query: userIdQuerySchema,
    response: FILE_RESPONSE,
  }),
};

// The name the server's Content-Disposition gives the file and the web app saves it under; date is
// the business date it was built (YYYY-MM-DD).
export function evidencePackFileName(customerId: number, date: string): string {
  return `evidence-pack-customer-${customerId}-${date}.zip`;
}
