import { useMutation } from '@tanstack/react-query';
import { apiFileRequest } from '../../../lib/api-client.ts';

export type DocumentFileRequest = { url: string; name: string; mode: 'open' | 'download'; tab: Window | null };

// How long a handed-over object URL stays valid: enough for the new tab or the download to read it.
const OBJECT_URL_LIFETIME_MS = 60_000;

function handOver(blob: Blob, { name, mode, tab }: DocumentFileRequest): void {
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  if (mode === 'open' && tab) {
    tab.location.href = url;
    return;
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
}

// A document's file is an authenticated API path: fetched with the bearer header as a blob, then
// shown in the tab the click opened (opened at once, so no popup blocker stops it) or saved.
export function useDocumentFile() {
  return useMutation({
    mutationFn: async (request: DocumentFileRequest) => {
      try {
        handOver(await apiFileRequest(request.url), request);
      } catch (error) {
        request.tab?.close();
        throw error;
      }
    },
  });
}
