import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES, UPLOAD_MAX_TOTAL_BYTES, type UploadFailure } from '@portal/contracts';
import { HttpError, badRequest } from './http-error.ts';
import { readUploadedPdfText } from './upload-readers.ts';

// PDF uploads (disputes, bankruptcy notices): multipart/form-data with the files repeated
// (files[] or files). Every file is read before anything is written, so a request over the limits
// creates nothing; within them, each file is judged on its own: a bad one is reported by name and
// the others go on. A PDF is known by its content (the %PDF- header and a document pdf.js can
// open), never by its name alone.

export type UploadedPdf = { fileName: string; content: Buffer };
export type PdfUploads = { files: UploadedPdf[]; failures: UploadFailure[] };

const MB = 1024 * 1024;
const NO_FILES = 'Please select at least one file to upload.';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyContextConfig {
    // The route reads multipart/form-data uploads (readPdfUploads); every other route refuses them.
    acceptsUploads?: boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

// The multipart parser is the app's (the plugin registers it for every route), so the routes that
// do not read uploads refuse a multipart body with the 415 any other unknown content type gets,
// instead of running with no body at all (DELETE employees/sign_out would sign out).
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.acceptsUploads !== true && request.isMultipart())
      throw new HttpError(415, 'This call takes JSON, not multipart/form-data.');
  });
  await app.register(multipart, {
    limits: {
      files: UPLOAD_MAX_FILES,
      fileSize: UPLOAD_MAX_FILE_BYTES,
      fields: 20,
      fieldSize: 1024,
      parts: UPLOAD_MAX_FILES + 20,
      headerPairs: 200,
    },
    throwFileSizeLimit: false,
  });
}

// A file name as staff will see it in a list: no control characters or broken UTF-16, at most 200
// characters, never empty.
export function cleanFileName(name: string | undefined): string {
  const cleaned = (name ?? '')
    .toWellFormed()
    .replace(/\p{Cc}/gu, '')
    .replace(/^.*[\\/]/, '')
    .trim()
    .slice(0, 200);
  return cleaned === '' ? 'unnamed.pdf' : cleaned;
}

// The PDF header may follow a little junk (the specification allows it within the first 1024 bytes).
export function hasPdfHeader(content: Buffer): boolean {
  return content.subarray(0, 1024).includes('%PDF-');
}

const tooMany = (maxFiles: number) =>
  new HttpError(413, `At most ${maxFiles} files can be uploaded at once; nothing was uploaded.`);

// Any uploaded files, each judged by `check` (the sentence saying what is wrong with it, or null:
// a glance at its first bytes; reading a file is the sandbox's, upload-sandbox.ts). `maxFiles`
// (at most UPLOAD_MAX_FILES) stops the parser at the first file too many, before it is buffered.
export async function readUploads(
  request: FastifyRequest,
  check: (fileName: string, content: Buffer) => string | null,
  options: { maxFiles?: number } = {},
): Promise<PdfUploads> {
  const maxFiles = Math.min(options.maxFiles ?? UPLOAD_MAX_FILES, UPLOAD_MAX_FILES);
  if (!request.isMultipart()) throw badRequest('Send the files as multipart/form-data, each in files[].');
  const files: UploadedPdf[] = [];
  const failures: UploadFailure[] = [];
  let totalBytes = 0;
  try {
    for await (const part of request.files({ limits: { files: maxFiles, parts: maxFiles + 20 } })) {
      const fileName = cleanFileName(part.filename);
      const content = await part.toBuffer();
      totalBytes += content.length;
      if (totalBytes > UPLOAD_MAX_TOTAL_BYTES)
        throw new HttpError(
          413,
          `The files come to more than ${UPLOAD_MAX_TOTAL_BYTES / MB} MB together; upload them in smaller batches. Nothing was uploaded.`,
        );
      const problem = part.file.truncated
        ? `${fileName} is larger than ${UPLOAD_MAX_FILE_BYTES / MB} MB.`
        : content.length === 0
          ? `${fileName} is empty.`
          : check(fileName, content);
      if (problem) failures.push({ file_name: fileName, error: problem });
      else files.push({ fileName, content });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooMany(maxFiles);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION')
      throw badRequest('Send only the files, each in files[].');
    if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw badRequest('The upload was cut off before all its files arrived. Please try again.');
    // busboy's own complaints about a malformed body ("Unexpected end of form", a missing boundary).
    if (error instanceof Error && !('statusCode' in error))
      throw badRequest('The upload could not be read as multipart/form-data. Please try again.');
    throw error;
  }
  if (files.length === 0 && failures.length === 0) throw badRequest(NO_FILES);
  return { files, failures };
}

export function readPdfUploads(request: FastifyRequest): Promise<PdfUploads> {
  return readUploads(request, (fileName, content) => (hasPdfHeader(content) ? null : `${fileName} is not a PDF.`));
}

export type ReadPdf = { file: UploadedPdf; text: string };

// The text of each uploaded PDF, read in the upload sandbox (never on this thread), two at a time
// at most. A file with the header that pdf.js cannot open (damaged, encrypted), or that breaks a
// cap (too long to read, too large once decompressed, too many pages), is not a document we can
// keep: it joins the failures, named, and the others go on. When no file is left, the request is
// refused as a whole (422), each file named.
export async function readUploadedTexts(uploads: PdfUploads): Promise<{ read: ReadPdf[]; failures: UploadFailure[] }> {
  const outcomes = await Promise.all(
    uploads.files.map(async (file) => ({ file, outcome: await readUploadedPdfText(file.fileName, file.content) })),
  );
  const read: ReadPdf[] = [];
  const failures: UploadFailure[] = [...uploads.failures];
  for (const { file, outcome } of outcomes)
    if ('text' in outcome) read.push({ file, text: outcome.text });
    else failures.push({ file_name: file.fileName, error: outcome.error });
  if (read.length === 0)
    throw new HttpError(
      422,
      failures.map((failure) => failure.error),
      { failed_files: failures },
    );
  return { read, failures };
}
