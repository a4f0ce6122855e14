import { fillCallPath, LIST_EXPORT_HEADERS, type CallDescriptor } from '@portal/contracts';
import { apiFileResponse, type ApiRequestOptions } from './api-client.ts';

// How long the handed-over object URL stays valid: enough for the download to read it.
const OBJECT_URL_LIFETIME_MS = 60_000;

export type ListExportQuery = NonNullable<ApiRequestOptions<unknown>['query']>;
export type ListExportResult = { fileName: string; rows: number; total: number; truncated: boolean };

// The name the server's Content-Disposition gives the file (attachment; filename="...").
function fileNameOf(disposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;
}

// GET exports/<list>.csv {the list's filters} (issue 40): the list as its screen filters it, as a
// CSV file, fetched with the bearer header (a plain link would carry no token) and saved under the
// server's name for it. Each export is audited, so it is never cached. The headers say how many
// rows it holds and whether the cap cut it short.
export async function downloadListExport(call: CallDescriptor, query: ListExportQuery): Promise<ListExportResult> {
  const { blob, headers } = await apiFileResponse(fillCallPath(call.path), undefined, query);
  const fileName = fileNameOf(headers.get('content-disposition')) ?? 'export.csv';
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  return {
    fileName,
    rows: Number(headers.get(LIST_EXPORT_HEADERS.rows) ?? 0),
    total: Number(headers.get(LIST_EXPORT_HEADERS.total) ?? 0),
    truncated: headers.get(LIST_EXPORT_HEADERS.truncated) === 'true',
  };
}
