import { extractText, getDocumentProxy } from 'unpdf';

// The text of a PDF, one line per line of text as laid out on the page, pages one after another.
// Pure JavaScript (pdf.js), so it runs wherever Node does: the statement tests read back what we
// draw with it, and uploaded documents (disputes, notices) will be read with it.
export async function readPdfText(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}
