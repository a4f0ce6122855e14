// How long the handed-over object URL stays valid: enough for the download to read it.
const OBJECT_URL_LIFETIME_MS = 60_000;

// Saves bytes fetched with the bearer header (a plain link would carry no token) under a file name.
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
}
