import { extractText, getDocumentProxy } from 'unpdf';
import { FileRefusal } from './file-refusal.ts';
import { measureDecodedStreams } from './pdf-decoded-size.ts';
import { PDF_MAX_DECODED_BYTES, PDF_MAX_PAGES } from './upload-sandbox-limits.ts';

// Runs in the upload sandbox (upload-sandbox.ts), never on the API's thread: the text of an
// uploaded PDF, after its caps. Its streams are measured decompressed before pdf.js opens it (a
// bomb is refused after PDF_MAX_DECODED_BYTES), and a document of more than PDF_MAX_PAGES pages is
// refused before any page is read. A file pdf.js cannot open throws an ordinary error: the caller
// says it could not be opened.

const MB = 1024 * 1024;

export async function readPdfUpload(content: Uint8Array): Promise<string> {
  if (measureDecodedStreams(content, PDF_MAX_DECODED_BYTES) === 'over')
    throw new FileRefusal(
      `is too large once decompressed (more than ${PDF_MAX_DECODED_BYTES / MB} MB of content), so it was not kept; it may be damaged or built to overload us. Please send a simpler copy.`,
    );
  const pdf = await getDocumentProxy(new Uint8Array(content), { stopAtErrors: false });
  try {
    if (pdf.numPages > PDF_MAX_PAGES)
      throw new FileRefusal(
        `has ${pdf.numPages.toLocaleString('en-US')} pages; at most ${PDF_MAX_PAGES} pages can be read from one file. Please split it into smaller files.`,
      );
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } finally {
    await pdf.loadingTask.destroy();
  }
}
