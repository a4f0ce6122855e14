import type { FastifyInstance } from 'fastify';
import jpeg from 'jpeg-js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import { UPLOAD_TOKEN_HEADER, type CustomerUploadKind } from '@portal/contracts';
import { loans, type Database } from '@portal/db';
import { addExifDateTime } from '@portal/demo-data/samples';
import { multipartBody } from './multipart.ts';
import { issueUploadToken } from '../platform/upload-link.ts';
import type { ManualClock } from './test-app.ts';
import { TEST_SECRETS_KEY } from './test-app.ts';

// Files a customer sends, made in the test: a real JPEG (with the EXIF date_time a camera writes,
// or none), a real one-page PDF; and the customer side's upload through its token.

export function makeJpeg(options: { dateTime?: string; width?: number; height?: number; shade?: number } = {}): Buffer {
  const width = options.width ?? 32;
  const height = options.height ?? 24;
  const data = Buffer.alloc(width * height * 4);
  for (let index = 0; index < width * height; index += 1) {
    data[index * 4] = options.shade ?? 180;
    data[index * 4 + 1] = (index * 7) % 255;
    data[index * 4 + 2] = 90;
    data[index * 4 + 3] = 255;
  }
  const encoded = Buffer.from(jpeg.encode({ data, width, height }, 90).data);
  return options.dateTime ? addExifDateTime(encoded, options.dateTime) : encoded;
}

export async function makePdf(lines: string[] = ['Paystub']): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 740 - index * 18, size: 12, font }));
  return Buffer.from(await pdf.save());
}

// Opens the loan's upload link as staff would and answers a token for it.
export async function openUploadLink(
  db: Database,
  clock: ManualClock,
  loan: { id: number; customerId: number },
  kinds: CustomerUploadKind[],
): Promise<string> {
  await db.update(loans).set({ uploadOpen: true }).where(eq(loans.id, loan.id));
  return issueUploadToken(
    { secretsKey: TEST_SECRETS_KEY, clock },
    { loanId: loan.id, customerId: loan.customerId, kinds },
  ).token;
}

export async function postCustomerUpload(
  app: FastifyInstance,
  kind: string,
  token: string | null,
  files: { name: string; content: Uint8Array; type?: string }[],
) {
  const { contentType, payload } = await multipartBody(files, 'files[]');
  return app.inject({
    method: 'POST',
    url: `/internal/api/customer_uploads/${kind}`,
    headers: { 'content-type': contentType, ...(token === null ? {} : { [UPLOAD_TOKEN_HEADER]: token }) },
    payload,
  });
}
