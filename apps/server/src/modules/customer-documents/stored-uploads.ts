import { randomUUID } from 'node:crypto';
import type { CustomerUploadKind } from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { CustomerDocumentsDeps } from './deps.ts';
import { EXTENSION_OF, type SniffedContentType } from '../../platform/file-types.ts';
import { readExifDateTime } from '../../platform/jpeg-exif.ts';
import { countLoanDocumentsSince, insertDocuments } from '../documents/index.ts';

// A customer's uploaded file made ready to keep: written to the file storage under a new key, its
// type known from its content and, for images, the EXIF date it carries read from the file itself.
// Written before the transaction that records it (a file no row names is harmless; a row naming
// no file is not).
export type PreparedUpload = {
  fileName: string;
  contentType: SniffedContentType;
  storageKey: string;
  exifDateTime: string | null;
};

export async function prepareUpload(
  context: Pick<CustomerDocumentsDeps, 'storage'>,
  kind: CustomerUploadKind,
  // exifDateTime: as the upload sandbox read it (customers' files); else read here (the demo's).
  file: { fileName: string; content: Buffer; contentType: SniffedContentType; exifDateTime?: string | null },
): Promise<PreparedUpload> {
  const storageKey = `customer-documents/${kind}/${randomUUID()}.${EXTENSION_OF[file.contentType]}`;
  const exifDateTime =
    file.exifDateTime !== undefined
      ? file.exifDateTime
      : file.contentType === 'application/pdf'
        ? null
        : await readExifDateTime(file.content);
  await context.storage.write(storageKey, file.content);
  return { fileName: file.fileName, contentType: file.contentType, storageKey, exifDateTime };
}

// How many documents of these kinds the loan has received since `since` (an upload link's
// issue): what the link has already taken.
export async function countLoanUploadsSince(
  db: Executor,
  loanId: number,
  kinds: readonly CustomerUploadKind[],
  since: Date,
): Promise<number> {
  return countLoanDocumentsSince(db, loanId, kinds, since);
}

export async function insertUploadedDocuments(
  tx: Executor,
  owner: { customerId: number; loanId: number | null; kind: CustomerUploadKind; at: Date },
  prepared: readonly PreparedUpload[],
) {
  return insertDocuments(
    tx,
    prepared.map((file) => ({
      customerId: owner.customerId,
      loanId: owner.loanId,
      name: file.fileName,
      kind: owner.kind,
      contentType: file.contentType,
      storageKey: file.storageKey,
      exifDateTime: file.exifDateTime,
      createdAt: owner.at,
    })),
  );
}
