import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  BLOG_IMAGE_MAX_BYTES,
  BLOG_IMAGE_PATH,
  BLOG_IMAGE_TYPES,
  type UploadBlogImageResponse,
} from '@portal/contracts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { EXTENSION_OF, sniffContentType } from '../../platform/file-types.ts';
import { HttpError, badRequest, unprocessable } from '../../platform/http-error.ts';
import { checkUploadedFile } from '../../platform/upload-readers.ts';
import { readMultipartForm, type UploadForm } from '../../platform/uploads.ts';
import * as repository from './repository.ts';
import type { BlogContext } from './service.ts';

const MB = 1024 * 1024;
const IMAGE_FIELD = 'blog[image]';
const NAME_FIELD = 'blog[name]';
const ACCEPTED: ReadonlySet<string> = new Set(BLOG_IMAGE_TYPES);

// One image and its name, read under every upload's limits (platform/uploads.ts) and 5 MB.
const IMAGE_FORM: UploadForm = {
  sendAsMultipart: `Send the image as multipart/form-data: the file in ${IMAGE_FIELD}, its name in ${NAME_FIELD}.`,
  sendOnlyTheForm: `Send only the image in ${IMAGE_FIELD} and its name in ${NAME_FIELD}.`,
  maxFiles: 1,
  maxFileBytes: BLOG_IMAGE_MAX_BYTES,
};

// POST blog/upload_image: multipart blog[image] (the file) and blog[name] (what to call it). The
// file must be a JPEG, PNG, GIF or WebP by its content (its name and claimed type are not trusted)
// that decodes within the upload caps (decision 039), and at most 5 MB. It is kept under a
// web-safe version of the name, with the extension of what it really is, made unique with -2,
// -3... (the html of posts names images, so a name is never reused), and served to anyone at
// /blog/images/{name}.
export async function uploadBlogImage(
  context: BlogContext,
  editor: Actor,
  request: FastifyRequest,
): Promise<UploadBlogImageResponse> {
  return storeBlogImage(context, editor, await readImageParts(request));
}

// Keeps an image (checked by its content) under a free web-safe name: the upload's and the demo's.
export async function storeBlogImage(
  context: BlogContext,
  editor: Actor,
  { content, givenName }: { content: Buffer; givenName: string },
): Promise<UploadBlogImageResponse> {
  const type = sniffContentType(content);
  if (!type || !ACCEPTED.has(type))
    throw unprocessable('The blog image must be a JPEG, PNG, GIF or WebP picture; that file is not one.');
  // Decoded in the upload sandbox, not just sniffed: a damaged or oversized picture is refused.
  const checked = await checkUploadedFile('That image', content, type);
  if ('error' in checked) throw unprocessable(checked.error);
  const extension = EXTENSION_OF[type];
  const stem = webSafeStem(givenName);
  const storageKey = `blog-images/${randomUUID()}.${extension}`;
  await context.storage.write(storageKey, content);

  const now = context.clock.now();
  const name = await context.db.transaction(async (tx) => {
    const used = await repository.imageNamesLike(tx, stem, extension);
    // A few tries: another upload of the same name may take the one chosen in between.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const candidate = freeName(stem, extension, used);
      const row = await repository.insertImage(tx, {
        name: candidate,
        contentType: type,
        byteSize: content.length,
        storageKey,
        uploadedBy: editor.employeeId,
        uploadedAt: now,
      });
      if (row) {
        await recordChange(tx, editor, 'blog.image_uploaded', ['blog_image', row.id], {
          after: { name: candidate, content_type: type, byte_size: content.length },
        });
        return candidate;
      }
      used.add(candidate);
    }
    throw new HttpError(409, 'Another image of that name was uploaded at the same moment; please upload again.');
  });
  return { url: `${context.publicUrl ?? ''}${BLOG_IMAGE_PATH}/${name}`, name };
}

async function readImageParts(request: FastifyRequest): Promise<{ content: Buffer; givenName: string }> {
  const { files, fields } = await readMultipartForm(request, IMAGE_FORM);
  const [image] = files;
  if (!image) throw badRequest(`Choose an image to upload (${IMAGE_FIELD}).`);
  if (image.fieldName !== IMAGE_FIELD) throw badRequest(`Send the image in ${IMAGE_FIELD}.`);
  if (image.truncated)
    throw new HttpError(413, `The blog image is larger than ${BLOG_IMAGE_MAX_BYTES / MB} MB; make it smaller first.`);
  if (image.content.length === 0) throw unprocessable('That image file is empty.');
  return { content: image.content, givenName: (fields[NAME_FIELD] ?? '').trim() || image.fileName };
}

// "My Photo (1).JPG" -> "my-photo-1": lower-case letters, digits and single hyphens; its own
// extension is dropped (the real one is added).
export function webSafeStem(name: string): string {
  const withoutExtension = name.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const stem = withoutExtension
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return stem === '' ? 'image' : stem;
}

function freeName(stem: string, extension: string, used: ReadonlySet<string>): string {
  if (!used.has(`${stem}.${extension}`)) return `${stem}.${extension}`;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${stem}-${suffix}.${extension}`;
    if (!used.has(candidate)) return candidate;
  }
}
