import sanitizeHtml from 'sanitize-html';
import type { StoredTransactionEmail } from './email-object.ts';

// What the web app puts in <iframe sandbox="" srcdoc="…">. Three walls, each enough alone against
// script: the HTML is sanitized here (no script, no event handlers, no frames, forms or objects,
// no javascript: URLs); the document's own policy runs no script and loads nothing from the
// network (tracking pixels stay dark: images only as data: URLs); and the sandbox, with no
// allow-scripts and no allow-same-origin, gives it an origin of its own. Links open nothing (the
// sandbox allows no pop-ups), but their address shows on hover.
const DOCUMENT_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center', 'span', 'u', 's', 'small', 'big'],
  allowedAttributes: {
    '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'color', 'dir', 'lang', 'title', 'class'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'style', 'border'],
    table: ['border', 'cellpadding', 'cellspacing', 'width', 'bgcolor', 'align', 'style'],
    td: ['colspan', 'rowspan', 'width', 'height', 'bgcolor', 'align', 'valign', 'style'],
    th: ['colspan', 'rowspan', 'width', 'height', 'bgcolor', 'align', 'valign', 'style'],
    font: ['color', 'face', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  // Links leave in a new window (which the sandbox does not open), never in the frame itself.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

// The whole document of the email's body: its HTML part sanitized, else its text part as it was.
export function emailSrcdoc(email: StoredTransactionEmail): string {
  const body =
    email.html !== undefined
      ? sanitizeEmailHtml(email.html)
      : `<pre class="portal-text-email">${escapeHtml(email.text ?? '')}</pre>`;
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_POLICY}">`,
    '<base target="_blank">',
    '<style>body{margin:16px;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;font-size:14px;color:#1a1b1e;background:#fff;overflow-wrap:anywhere}',
    '.portal-text-email{white-space:pre-wrap;font-family:inherit;margin:0}img{max-width:100%;height:auto}</style>',
    `</head><body>${body}</body></html>`,
  ].join('');
}
