import type { FastifyRequest } from 'fastify';

// Personal and secret data never reaches the logs (pino redact paths).
const SECRET_FIELDS = [
  'password',
  'otp',
  'token',
  'apiToken',
  'ssn',
  'account',
  'routing',
  'number',
  'card',
  'otp_uri',
];
const SECRET_QUERY_NAMES = new Set(SECRET_FIELDS.map((field) => field.toLowerCase()));
const CENSOR = '[redacted]';

export const logRedaction = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  ],
  censor: CENSOR,
};

// The URL as logged: the value of every secret query parameter (the spec's clients send the
// session `token` in the query) is replaced. Names are compared decoded, as the query parser reads
// them, so `%74oken=` is caught too.
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const pairs = url.slice(queryStart + 1).split('&');
  const redacted = pairs.map((pair) => {
    const equals = pair.indexOf('=');
    const name = safeDecode(equals === -1 ? pair : pair.slice(0, equals))
      .trim()
      .toLowerCase();
    return SECRET_QUERY_NAMES.has(name.replace(/\[\]$/, ''))
      ? `${pair.slice(0, equals === -1 ? pair.length : equals)}=${CENSOR}`
      : pair;
  });
  return `${url.slice(0, queryStart)}?${redacted.join('&')}`;
}

// Fastify's request serializer, with the URL redacted.
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}
