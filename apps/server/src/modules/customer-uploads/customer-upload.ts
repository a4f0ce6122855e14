import type { FastifyRequest } from 'fastify';
import {
  CUSTOMER_UPLOAD_MAX_FILES,
  IDENTITY_CONTENT_TYPES,
  PAYSTUB_CONTENT_TYPES,
  UPLOAD_TOKEN_HEADER,
  type CustomerUploadKind,
  type CustomerUploadResponse,
  type UploadFailure,
} from '@portal/contracts';
import type { ServerContext } from '../../context.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { sniffContentType, type SniffedContentType } from '../../platform/file-types.ts';
import { HttpError, conflict, forbidden, unauthorized } from '../../platform/http-error.ts';
import { readUploads } from '../../platform/pdf-uploads.ts';
import { readUploadToken } from '../../platform/upload-link.ts';
import { insertUploadedDocuments, prepareUpload, type PreparedUpload } from '../customer-documents/index.ts';
import { openIdentityReview } from '../identifications/index.ts';
import { markPaystubsArrived } from '../income/index.ts';
import { findLoan } from '../loans/index.ts';

// POST customer_uploads/:kind (the customer side): identity documents, a selfie or paystubs for the
// loan an upload link names. The link's token (header x-upload-token) is the caller's only proof, so
// the route needs no staff session; it must be one this server signed, not run out, for this kind,
// and the loan's upload link must still be open. Each file is judged by its content (JPEG, PNG or
// HEIC; PDF too for paystubs) and size; the good ones are kept and the review they wait for opens.

function acceptedTypes(kind: CustomerUploadKind): readonly string[] {
  return kind === 'paystub' ? PAYSTUB_CONTENT_TYPES : IDENTITY_CONTENT_TYPES;
}

function describeAccepted(kind: CustomerUploadKind): string {
  return kind === 'paystub' ? 'a JPEG, PNG or HEIC photo or a PDF' : 'a JPEG, PNG or HEIC photo';
}

export async function receiveCustomerUpload(
  context: ServerContext,
  request: FastifyRequest,
  kind: CustomerUploadKind,
): Promise<CustomerUploadResponse> {
  const header = request.headers[UPLOAD_TOKEN_HEADER];
  const token = typeof header === 'string' ? header.trim() : '';
  if (token === '') throw unauthorized(`Send the upload link's token in the ${UPLOAD_TOKEN_HEADER} header.`);
  const grant = readUploadToken(context, token);
  if (!grant) throw unauthorized('This upload link is not valid or has run out. Please ask us for a new one.');
  if (!grant.kinds.includes(kind))
    throw forbidden(`This upload link is for ${grant.kinds.join(' and ')} documents, not ${kind}.`);

  const types = new Map<string, SniffedContentType>();
  const uploads = await readUploads(request, (fileName, content) => {
    const type = sniffContentType(content);
    if (!type || !acceptedTypes(kind).includes(type)) return `${fileName} is not ${describeAccepted(kind)}.`;
    types.set(fileName, type);
    return null;
  });
  if (uploads.files.length + uploads.failures.length > CUSTOMER_UPLOAD_MAX_FILES)
    throw new HttpError(413, `Send at most ${CUSTOMER_UPLOAD_MAX_FILES} files at once; nothing was uploaded.`);
  const failures: UploadFailure[] = uploads.failures;
  if (uploads.files.length === 0)
    throw new HttpError(
      422,
      failures.map((failure) => failure.error),
      { failed_files: failures },
    );

  // The loan is checked before any file is written.
  const loan = await findLoan(context.db, grant.loanId);
  if (!loan || loan.customerId !== grant.customerId || !loan.uploadOpen || loan.closedAt || loan.deniedAt)
    throw conflict('The upload link for this application is closed. Please contact us if you need to send documents.');
  const prepared: PreparedUpload[] = [];
  for (const file of uploads.files)
    prepared.push(
      await prepareUpload(context, kind, { ...file, contentType: types.get(file.fileName) ?? 'application/pdf' }),
    );

  const now = context.clock.now();
  const kept = await context.db.transaction(async (tx) => {
    const rows = await insertUploadedDocuments(
      tx,
      { customerId: loan.customerId, loanId: loan.id, kind, at: now },
      prepared,
    );
    if (kind === 'paystub') await markPaystubsArrived(tx, loan, now);
    else await openIdentityReview(tx, loan.customerId, loan.id, now);
    await recordAuditEvent(tx, {
      employeeId: null,
      ipAddress: request.ip,
      action: 'customer.documents_uploaded',
      entityType: 'loan',
      entityId: loan.id,
      after: { kind, document_ids: rows.map((row) => row.id), failed: failures.length },
    });
    return rows;
  });
  return {
    message: `${kept.length} ${kind === 'paystub' ? 'paystub' : kind === 'selfie' ? 'selfie' : 'identification'} file${kept.length === 1 ? '' : 's'} received. Thank you!`,
    documents: kept.map((row) => ({
      id: row.id,
      name: row.name,
      content_type: row.contentType,
      date_time: row.exifDateTime,
    })),
    failed_files: failures,
  };
}
