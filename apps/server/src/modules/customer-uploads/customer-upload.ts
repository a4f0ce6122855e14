import type { FastifyRequest } from 'fastify';
import {
  CUSTOMER_UPLOAD_MAX_FILES,
  DAY_MS,
  IDENTITY_CONTENT_TYPES,
  PAYSTUB_CONTENT_TYPES,
  UPLOAD_LINK_MAX_FILES,
  UPLOAD_TOKEN_DAYS,
  UPLOAD_TOKEN_HEADER,
  type CustomerUploadKind,
  type CustomerUploadResponse,
  type UploadFailure,
} from '@portal/contracts';
import type { CustomerUploadsDeps } from './deps.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { sniffContentType, type SniffedContentType } from '../../platform/file-types.ts';
import { HttpError, conflict, forbidden, unauthorized } from '../../platform/http-error.ts';
import { readUploads, type UploadedFile } from '../../platform/uploads.ts';
import { readUploadToken, type UploadGrant } from '../../platform/upload-link.ts';
import { checkUploadedFile } from '../../platform/upload-readers.ts';
import {
  countLoanUploadsSince,
  insertUploadedDocuments,
  prepareUpload,
  type PreparedUpload,
} from '../customer-documents/index.ts';
import { openIdentityReview } from '../identifications/index.ts';
import { markPaystubsArrived } from '../income/index.ts';
import { findLoan } from '../loans/index.ts';

// POST customer_uploads/:kind (the customer side): identity documents, a selfie or paystubs for the
// loan an upload link names. The link's token (header x-upload-token) is the caller's only proof, so
// the route needs no staff session; it must be one this server signed, not run out, for this kind,
// and the loan's upload link must still be open. Each file is judged by its content (JPEG, PNG or
// HEIC; PDF too for paystubs) and size, then read in the upload sandbox (a picture decoded, a PDF
// opened, each under the caps of decision 039); the good ones are kept and the review they wait
// for opens. A request carries at most CUSTOMER_UPLOAD_MAX_FILES files and a link takes at most
// UPLOAD_LINK_MAX_FILES in all: the files past that are refused by name.

// A file read in the sandbox: it opened, and a picture's EXIF date was read there.
type OpenedFile = UploadedFile & { exifDateTime: string | null };

function acceptedTypes(kind: CustomerUploadKind): readonly string[] {
  return kind === 'paystub' ? PAYSTUB_CONTENT_TYPES : IDENTITY_CONTENT_TYPES;
}

function describeAccepted(kind: CustomerUploadKind): string {
  return kind === 'paystub' ? 'a JPEG, PNG or HEIC photo or a PDF' : 'a JPEG, PNG or HEIC photo';
}

export async function receiveCustomerUpload(
  context: CustomerUploadsDeps,
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
  const uploads = await readUploads(
    request,
    (fileName, content) => {
      const type = sniffContentType(content);
      if (!type || !acceptedTypes(kind).includes(type)) return `${fileName} is not ${describeAccepted(kind)}.`;
      types.set(fileName, type);
      return null;
    },
    { maxFiles: CUSTOMER_UPLOAD_MAX_FILES },
  );
  const failures: UploadFailure[] = [...uploads.failures];
  const opened: OpenedFile[] = [];
  const checked = await Promise.all(
    uploads.files.map((file) =>
      checkUploadedFile(file.fileName, file.content, types.get(file.fileName) ?? 'application/pdf'),
    ),
  );
  uploads.files.forEach((file, index) => {
    const read = checked[index]!;
    if ('error' in read) failures.push({ file_name: file.fileName, error: read.error });
    else opened.push({ ...file, exifDateTime: read.exifDateTime });
  });
  const files = await withinLinkAllowance(context, grant, opened, failures);
  if (files.length === 0)
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
  for (const file of files)
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

// The files the link still takes (UPLOAD_LINK_MAX_FILES since it was issued, kept documents of its
// kinds), in the order sent; the rest join the failures, named. Counted before the files are kept:
// two requests at the same instant may pass it together by one request's files at most.
async function withinLinkAllowance(
  context: CustomerUploadsDeps,
  grant: UploadGrant,
  files: OpenedFile[],
  failures: UploadFailure[],
): Promise<OpenedFile[]> {
  if (files.length === 0) return files;
  const issuedAt = new Date(grant.expiresAt.getTime() - UPLOAD_TOKEN_DAYS * DAY_MS);
  const taken = await countLoanUploadsSince(context.db, grant.loanId, grant.kinds, issuedAt);
  const room = Math.max(0, UPLOAD_LINK_MAX_FILES - taken);
  for (const file of files.slice(room))
    failures.push({
      file_name: file.fileName,
      error: `${file.fileName} was not kept: this upload link takes at most ${UPLOAD_LINK_MAX_FILES} files in all, and it has had them. Please ask us for a new link if we need more.`,
    });
  return files.slice(0, room);
}
