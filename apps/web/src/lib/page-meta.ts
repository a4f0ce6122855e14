// The values the server writes into index.html's meta tags when it serves the page
// (apps/server/src/plugins/web-app.ts); null when the page came from elsewhere (the Vite dev server).
export function readMetaContent(name: string): string | null {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return content ? content : null;
}
