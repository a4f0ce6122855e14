import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_UPLOAD_MAX_FILES, UPLOAD_LINK_MAX_FILES } from '@portal/contracts';
import { createCustomer, createLoan } from '@portal/db/testing';
import { drawDisputeLetter, drawNotice } from '@portal/demo-data/samples';
import { uploadNotices } from './testing/notice-test-kit.ts';
import { uploadDisputes } from './testing/dispute-test-helpers.ts';
import { makeJpeg, openUploadLink, postCustomerUpload } from './testing/customer-documents.ts';
import { FLOOD_OPERATORS, flateBombPdf, garbageJpeg, manyPagesPdf, tjFloodPdf } from './testing/hostile-uploads.ts';
import { multipartBody } from './testing/multipart.ts';
import { useStaffSession, useTestApp } from './testing/use-test-app.ts';
import { createDirectoryStorage } from './platform/storage.ts';
import { sandboxState, setSandboxTimeLimit } from './platform/upload-sandbox.ts';

// Issue 27: hostile files sent through the real routes. Each is read in the upload sandbox, under
// its caps; it is refused by name, the good files beside it are kept, and the API answers other
// calls while it is being read.

const storage = createDirectoryStorage(mkdtempSync(join(tmpdir(), 'portal-hostile-')));
const t = useTestApp({ storage });
const agent = useStaffSession(t);
const editor = useStaffSession(t, ['blog_editor']);
// Notices are the bankruptcy desk's to upload (bankruptcy.create_notices).
const desk = useStaffSession(t, ['agent', 'bankruptcy']);

const BOMB =
  'bomb.pdf is too large once decompressed (more than 32 MB of content), so it was not kept; it may be damaged or built to overload us. Please send a simpler copy.';
const FLOOD =
  'flood.pdf took too long to read, so it was not kept; it may be damaged or built to slow us down. Please send a simpler copy (a fresh scan or a printed-to-PDF copy).';
const GARBAGE = (name: string) =>
  `${name} is not a picture we can open (it may be damaged or only partly sent). Please take or save it again.`;

beforeAll(() => {
  // 5 s in service; the flood below takes longer than this on any machine.
  setSandboxTimeLimit(1_500);
});

describe('hostile uploads', () => {
  it('keeps the good dispute letter and names the bomb, the flood and the 201-page file', async () => {
    const response = await uploadDisputes(t, agent, [
      { fileName: 'good.pdf', content: await drawDisputeLetter({ kind: 'identity_theft' }) },
      { fileName: 'bomb.pdf', content: flateBombPdf(1024 * 1024 * 1024) },
      { fileName: 'flood.pdf', content: tjFloodPdf(FLOOD_OPERATORS) },
      { fileName: 'long.pdf', content: manyPagesPdf(201) },
    ]);
    const body = response.json();
    expect(response.statusCode, JSON.stringify(body)).toBe(200);
    expect(body.created_disputes.map((created: { file_name: string }) => created.file_name)).toEqual(['good.pdf']);
    expect(body.failed_files).toEqual([
      { file_name: 'bomb.pdf', error: BOMB },
      { file_name: 'flood.pdf', error: FLOOD },
      {
        file_name: 'long.pdf',
        error:
          'long.pdf has 201 pages; at most 200 pages can be read from one file. Please split it into smaller files.',
      },
    ]);
  });

  it('keeps the good bankruptcy notice beside a bomb', async () => {
    const response = await uploadNotices(t, desk, [
      { name: 'notice.pdf', content: await drawNotice('chapter7') },
      { name: 'bomb.pdf', content: flateBombPdf(1024 * 1024 * 1024) },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().failed_files).toEqual([{ file_name: 'bomb.pdf', error: BOMB }]);
  });

  it('answers GET health while a hostile file is being read', async () => {
    const finished: string[] = [];
    const upload = uploadDisputes(t, agent, [{ fileName: 'flood.pdf', content: tjFloodPdf(FLOOD_OPERATORS) }]).then(
      (response) => {
        finished.push('upload');
        return response;
      },
    );
    // The flood is in a reader.
    while (sandboxState().busy === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const health = await t.app.inject({ method: 'GET', url: '/internal/api/health' });
    finished.push('health');
    expect(health.statusCode).toBe(200);
    const response = await upload;
    expect(finished).toEqual(['health', 'upload']);
    expect(response.statusCode).toBe(422);
    expect(response.json().failed_files).toEqual([{ file_name: 'flood.pdf', error: FLOOD }]);
  });

  it('keeps a customer photo and refuses 64 bytes of garbage that start like a JPEG', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'applied' });
    const token = await openUploadLink(t.database.db, t.clock, loan, ['identification', 'selfie']);
    const response = await postCustomerUpload(t.app, 'identification', token, [
      { name: 'front.jpg', content: makeJpeg(), type: 'image/jpeg' },
      { name: 'back.jpg', content: garbageJpeg(), type: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().documents.map((document: { name: string }) => document.name)).toEqual(['front.jpg']);
    expect(response.json().failed_files).toEqual([{ file_name: 'back.jpg', error: GARBAGE('back.jpg') }]);

    const selfie = await postCustomerUpload(t.app, 'selfie', token, [
      { name: 'me.jpg', content: garbageJpeg(), type: 'image/jpeg' },
    ]);
    expect(selfie.statusCode).toBe(422);
    expect(selfie.json().errors).toEqual([GARBAGE('me.jpg')]);
  });

  it(`takes at most ${CUSTOMER_UPLOAD_MAX_FILES} files a request and ${UPLOAD_LINK_MAX_FILES} over an upload link's life`, async () => {
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'applied' });
    const token = await openUploadLink(t.database.db, t.clock, loan, ['paystub']);
    const photos = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => ({
        name: `stub-${from + index}.jpg`,
        content: makeJpeg({ shade: from + index }),
        type: 'image/jpeg',
      }));

    const tooMany = await postCustomerUpload(t.app, 'paystub', token, photos(1, CUSTOMER_UPLOAD_MAX_FILES + 1));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().errors).toEqual([
      `At most ${CUSTOMER_UPLOAD_MAX_FILES} files can be uploaded at once; nothing was uploaded.`,
    ]);

    const kept: string[] = [];
    const refused: { file_name: string; error: string }[] = [];
    for (let from = 1; from <= 12; from += 4) {
      const response = await postCustomerUpload(t.app, 'paystub', token, photos(from, 4));
      expect(response.statusCode).toBe(200);
      kept.push(...response.json().documents.map((document: { name: string }) => document.name));
      refused.push(...response.json().failed_files);
    }
    expect(kept).toHaveLength(UPLOAD_LINK_MAX_FILES);
    const overLimit = (name: string) => ({
      file_name: name,
      error: `${name} was not kept: this upload link takes at most ${UPLOAD_LINK_MAX_FILES} files in all, and it has had them. Please ask us for a new link if we need more.`,
    });
    expect(refused).toEqual([overLimit('stub-11.jpg'), overLimit('stub-12.jpg')]);

    const after = await postCustomerUpload(t.app, 'paystub', token, photos(13, 1));
    expect(after.statusCode).toBe(422);
    expect(after.json().failed_files).toEqual([overLimit('stub-13.jpg')]);

    // A new link (issued later) starts again.
    t.clock.advance(60_000);
    const fresh = await openUploadLink(t.database.db, t.clock, loan, ['paystub']);
    expect((await postCustomerUpload(t.app, 'paystub', fresh, photos(14, 1))).statusCode).toBe(200);
  });

  it('refuses a blog image that does not decode', async () => {
    const { contentType, payload } = await multipartBody(
      [{ name: 'banner.jpg', content: garbageJpeg(), type: 'image/jpeg' }],
      'blog[image]',
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/internal/api/blog/upload_image',
      headers: { ...editor.headers, 'content-type': contentType },
      payload,
    });
    expect(response.json()).toEqual({ errors: [GARBAGE('That image')] });
    expect(response.statusCode).toBe(422);
  });
});
