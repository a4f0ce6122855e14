import type { SniffedContentType } from './file-types.ts';
import type { ReadImage } from './image-upload-reader.ts';
import { preloadInSandbox, readInSandbox, refusalOf } from './upload-sandbox.ts';
import { IMAGE_READ_TIME_LIMIT_MS } from './upload-sandbox-limits.ts';

// What the API asks of an uploaded file, each read in the upload sandbox (decision 039): the text
// of a PDF, or whether a picture decodes (and its EXIF date). Each answers the sentence naming the file when it is
// refused, for the failures list every upload reports.

const PDF_READER = new URL('./pdf-upload-reader.ts', import.meta.url);
const IMAGE_READER = new URL('./image-upload-reader.ts', import.meta.url);
preloadInSandbox(PDF_READER);
preloadInSandbox(IMAGE_READER);

const NOT_OPENED = 'could not be opened as a PDF (it may be damaged or password-protected).';

export async function readUploadedPdfText(
  fileName: string,
  content: Uint8Array,
): Promise<{ text: string } | { error: string }> {
  const outcome = await readInSandbox<string>({ module: PDF_READER, run: 'readPdfUpload', args: [content] });
  if (outcome.ok) return { text: outcome.value };
  return { error: refusalOf(fileName, outcome, NOT_OPENED) ?? `${fileName} ${NOT_OPENED}` };
}

// A picture (or PDF) that opens within the caps, with the EXIF date a picture carries; else the
// sentence.
export async function checkUploadedFile(
  fileName: string,
  content: Uint8Array,
  type: SniffedContentType,
): Promise<{ exifDateTime: string | null } | { error: string }> {
  if (type === 'application/pdf') {
    const read = await readUploadedPdfText(fileName, content);
    return 'error' in read ? read : { exifDateTime: null };
  }
  const outcome = await readInSandbox<ReadImage>({
    module: IMAGE_READER,
    run: 'readImageUpload',
    args: [content, type],
    timeLimitMs: IMAGE_READ_TIME_LIMIT_MS,
  });
  if (outcome.ok) return { exifDateTime: outcome.value.exifDateTime };
  return { error: refusalOf(fileName, outcome, 'could not be opened as a picture (it may be damaged).') ?? fileName };
}
