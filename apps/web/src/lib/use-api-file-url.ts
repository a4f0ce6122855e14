import { useEffect, useState } from 'react';
import { apiFileRequest } from './api-client.ts';
import { errorMessages } from './api-error.ts';

// A file of the API (a document, a statement, a customer's photo) for an img or an iframe. Their
// own requests would carry no token, so the file is fetched with the bearer header and shown from
// a blob URL, let go when the url changes or the component leaves. `asType` names the content type
// the blob is shown as (PDFs whose server said otherwise still open in the PDF viewer).
export type ApiFileUrl =
  | { status: 'loading' }
  | { status: 'ready'; objectUrl: string }
  | { status: 'failed'; message: string };

// What was fetched for which url: another url shows as loading until its own answer is in.
type Fetched = { url: string } & ({ status: 'ready'; objectUrl: string } | { status: 'failed'; message: string });

export function useApiFileUrl(url: string | null, what: string, asType?: string): ApiFileUrl {
  const [fetched, setFetched] = useState<Fetched | null>(null);
  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiFileRequest(url, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(asType && blob.type !== asType ? new Blob([blob], { type: asType }) : blob);
        setFetched({ url, status: 'ready', objectUrl });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setFetched({
            url,
            status: 'failed',
            message: `${what} could not be loaded: ${errorMessages(error).join(' ')}`,
          });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, what, asType]);
  return fetched !== null && fetched.url === url ? fetched : { status: 'loading' };
}
