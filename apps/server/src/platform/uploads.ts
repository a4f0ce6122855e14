import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES, UPLOAD_MAX_TOTAL_BYTES, type UploadFailure } from '@portal/contracts';
import { hasPdfHeader } from './file-types.ts';
import { HttpError, badRequest } from './http-error.ts';
import { readUploadedPdfText } from './upload-readers.ts';

// Every upload the API takes (disputes, bankruptcy notices, ACDV files, customers' documents, blog
// images) is read here: multipart/form-data under one set of limits (files, bytes, parts), its
// malformed or oversized bodies answered with the same sentences. Every file is read before
// anything is written, so a request over the limits creates nothing. readUploads then judges each
// file on its own: a bad one is reported by name and the others go on. A file is known by its
// content (a PDF by the %PDF- header and a document pdf.js can open), never by its name alone.

export type UploadedFile = { fileName: string; content: Buffer };
// The form's text fields come along (a dispute letter's received date), as sent; the call checks them.
export type Uploads = { files: UploadedFile[]; failures: UploadFailure[]; fields: Record<string, string> };

// A file part as it arrived: `truncated` when it was larger than the form allows (its content is
// then cut short), `fileName` as the client sent it.
export type MultipartFile = { fieldName: string; fileName: string; content: Buffer; truncated: boolean };
export type MultipartForm = { files: MultipartFile[]; fields: Record<string, string> };

// A call's form: the sentences asking for it again, and its limits within the app's.
export type UploadForm = {
  // Said when the body is not multipart/form-data.
  sendAsMultipart: string;
  // Said when the body holds more text fields than any form has, or is not well formed.
  sendOnlyTheForm: string;
  // At most UPLOAD_MAX_FILES: the parser stops at the first file too many, before it is buffered.
  maxFiles?: number;
  // At most UPLOAD_MAX_FILE_BYTES.
  maxFileBytes?: number;
};

// The form of the calls that take files only, repeated in files[] (or files).
const FILES_FORM: UploadForm = {
  sendAsMultipart: 'Send the files as multipart/form-data, each in files[].',
  sendOnlyTheForm: 'Send only the files, each in files[].',
};

const MB = 1024 * 1024;
const NO_FILES = 'Please select at least one file to upload.';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyContextConfig {
    // The route reads multipart/form-data uploads (readMultipartForm); every other route refuses them.
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

const tooMany = (maxFiles: number) =>
  new HttpError(
    413,
    `At most ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'} can be uploaded at once; nothing was uploaded.`,
  );

// The parts of a multipart/form-data body, within the app's limits and the form's: every file
// buffered (each cut short past maxFileBytes, all of them at most UPLOAD_MAX_TOTAL_BYTES
// together) and every text field. What breaks a limit, or is not multipart, answers a 4xx here.
export async function readMultipartForm(request: FastifyRequest, form: UploadForm): Promise<MultipartForm> {
  const maxFiles = Math.min(form.maxFiles ?? UPLOAD_MAX_FILES, UPLOAD_MAX_FILES);
  const maxFileBytes = Math.min(form.maxFileBytes ?? UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILE_BYTES);
  if (!request.isMultipart()) throw badRequest(form.sendAsMultipart);
  const files: MultipartFile[] = [];
  const fields: Record<string, string> = {};
  let totalBytes = 0;
  try {
    const limits = { files: maxFiles, parts: maxFiles + 20, fileSize: maxFileBytes };
    for await (const part of request.parts({ limits })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const content = await part.toBuffer();
      totalBytes += content.length;
      if (totalBytes > UPLOAD_MAX_TOTAL_BYTES)
        throw new HttpError(
          413,
          `The files come to more than ${UPLOAD_MAX_TOTAL_BYTES / MB} MB together; upload them in smaller batches. Nothing was uploaded.`,
        );
      files.push({ fieldName: part.fieldname, fileName: part.filename, content, truncated: part.file.truncated });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooMany(maxFiles);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') throw badRequest(form.sendOnlyTheForm);
    if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw badRequest('The upload was cut off before all its files arrived. Please try again.');
    // busboy's own complaints about a malformed body ("Unexpected end of form", a missing boundary).
    if (error instanceof Error && !('statusCode' in error))
      throw badRequest('The upload could not be read as multipart/form-data. Please try again.');
    throw error;
  }
  return { files, fields };
}

// Files repeated in files[], each judged by `check` (the sentence saying what is wrong with it, or
// null: a glance at its first bytes; reading a file is the sandbox's, upload-sandbox.ts).
export async function readUploads(
  request: FastifyRequest,
  check: (fileName: string, content: Buffer) => string | null,
  options: { maxFiles?: number } = {},
): Promise<Uploads> {
  const form = await readMultipartForm(request, { ...FILES_FORM, maxFiles: options.maxFiles });
  const files: UploadedFile[] = [];
  const failures: UploadFailure[] = [];
  for (const part of form.files) {
    const fileName = cleanFileName(part.fileName);
    const problem = part.truncated
      ? `${fileName} is larger than ${UPLOAD_MAX_FILE_BYTES / MB} MB.`
      : part.content.length === 0
        ? `${fileName} is empty.`
        : check(fileName, part.content);
    if (problem) failures.push({ file_name: fileName, error: problem });
    else files.push({ fileName, content: part.content });
  }
  if (files.length === 0 && failures.length === 0) throw badRequest(NO_FILES);
  return { files, failures, fields: form.fields };
}

export function readPdfUploads(request: FastifyRequest): Promise<Uploads> {
  return readUploads(request, (fileName, content) => (hasPdfHeader(content) ? null : `${fileName} is not a PDF.`));
}

export type ReadPdf = { file: UploadedFile; text: string };

// The text of each uploaded PDF, read in the upload sandbox (never on this thread), two at a time
// at most. A file with the header that pdf.js cannot open (damaged, encrypted), or that breaks a
// cap (too long to read, too large once decompressed, too many pages), is not a document we can
// keep: it joins the failures, named, and the others go on. When no file is left, the request is
// refused as a whole (422), each file named.
export async function readUploadedTexts(uploads: Uploads): Promise<{ read: ReadPdf[]; failures: UploadFailure[] }> {
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
