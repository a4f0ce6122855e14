import { DAY_MS, UPLOAD_TOKEN_DAYS, type CustomerUploadKind } from '@portal/contracts';
import type { ServerContext } from '../context.ts';
import { deriveKey, verificationKeys, type SecretsKeys } from './derived-key.ts';
import { readSignedToken, signToken } from './signed-token.ts';

// The token in an upload link the Portal sends a customer (new identity documents, a new paystub):
// it names the loan and the kind of document and runs out after UPLOAD_TOKEN_DAYS. The customer
// app posts the files with it (POST customer_uploads/:kind, header x-upload-token); the loan's
// upload link must still be open (loans.upload_open) when they arrive.

const UPLOAD_KEY_PURPOSE = 'document-upload-v1';
const PURPOSE = 'document-upload';

export type UploadGrant = { loanId: number; customerId: number; kinds: CustomerUploadKind[]; expiresAt: Date };

type Payload = { purpose: string; loan_id: number; customer_id: number; kinds: string[]; expires_at: number };

function uploadKey(context: Pick<ServerContext, 'secretsKey'>): Buffer {
  return deriveKey(context.secretsKey, UPLOAD_KEY_PURPOSE);
}

export function issueUploadToken(
  context: Pick<ServerContext, 'secretsKey' | 'clock'>,
  grant: Omit<UploadGrant, 'expiresAt'>,
): { token: string; expiresAt: Date } {
  const expiresAt = new Date(context.clock.now().getTime() + UPLOAD_TOKEN_DAYS * DAY_MS);
  const payload: Payload = {
    purpose: PURPOSE,
    loan_id: grant.loanId,
    customer_id: grant.customerId,
    kinds: grant.kinds,
    expires_at: Math.floor(expiresAt.getTime() / 1000),
  };
  return { token: signToken(uploadKey(context), payload), expiresAt };
}

// The grant of a token this server issued and that has not run out, or null.
export function readUploadToken(
  context: Pick<ServerContext, 'clock'> & SecretsKeys,
  token: string,
): UploadGrant | null {
  const payload = readSignedToken(verificationKeys(context, UPLOAD_KEY_PURPOSE), token) as Partial<Payload> | null;
  if (
    !payload ||
    payload.purpose !== PURPOSE ||
    typeof payload.loan_id !== 'number' ||
    typeof payload.customer_id !== 'number' ||
    !Array.isArray(payload.kinds) ||
    typeof payload.expires_at !== 'number'
  )
    return null;
  const expiresAt = new Date(payload.expires_at * 1000);
  if (expiresAt <= context.clock.now()) return null;
  return {
    loanId: payload.loan_id,
    customerId: payload.customer_id,
    kinds: payload.kinds as CustomerUploadKind[],
    expiresAt,
  };
}

// The customer app's upload page for the loan; the token travels in the fragment, which browsers
// never send to a server or put in logs.
export function uploadLinkUrl(customerAppUrl: string, loanId: number, token: string): string {
  return `${customerAppUrl}/loans/${loanId}/upload#${token}`;
}
