import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

// Requests that fail before any route or hook of ours can run still answer { errors: [...] }:
// the router's own errors (frameworkErrors) and those of Node's HTTP parser (clientErrorHandler).
// What still cannot carry a list is in decision 017.

const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: {
    status: 400,
    message:
      'The URL path has a broken percent-escape (such as %zz, or bytes that are not UTF-8). Write special characters as %XX of their UTF-8 bytes.',
  },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'A part of the URL path is too long.' },
};
const SERVER_ERROR = 'Something went wrong on the server. Please try again, and contact engineering if it persists.';

// Fastify's `frameworkErrors` option: the router could not take the URL apart. The request has not
// reached any hook, so it is answered here, through the normal reply.
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  const status = known?.status ?? error.statusCode ?? 500;
  const message = known?.message ?? (status < 500 ? error.message : SERVER_ERROR);
  if (status >= 500) request.log.error({ err: error }, 'framework error');
  // No onRequest hook has run, so none of the security headers are set: nosniff at least, so the
  // JSON is never read as anything else.
  void reply
    .code(status)
    .type('application/json; charset=utf-8')
    .header('x-content-type-options', 'nosniff')
    .send({ errors: [message] });
}

// Node's HTTP parser codes (llhttp), in words a caller can act on.
const REQUEST_LINE =
  'The request line is malformed: it must be the method, the URL (a space written as %20) and HTTP/1.1.';
const PARSER_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The URL or the request headers are too large (over 16 KB together).' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: 'The chunk extensions of the request body are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive; send it again.' },
  HPE_INVALID_METHOD: { status: 400, message: 'The request line is malformed: its method is not an HTTP method.' },
  // A raw space in the URL makes the parser read the rest as the version (HPE_INVALID_CONSTANT).
  HPE_INVALID_CONSTANT: { status: 400, message: REQUEST_LINE },
  HPE_INVALID_URL: { status: 400, message: REQUEST_LINE },
  HPE_INVALID_VERSION: { status: 400, message: REQUEST_LINE },
  HPE_INVALID_HEADER_TOKEN: { status: 400, message: 'A request header is malformed.' },
  HPE_INVALID_CONTENT_LENGTH: { status: 400, message: 'The Content-Length header is not valid.' },
  HPE_UNEXPECTED_CONTENT_LENGTH: { status: 400, message: 'The request has both Content-Length and Transfer-Encoding.' },
  HPE_INVALID_TRANSFER_ENCODING: { status: 400, message: 'The Transfer-Encoding header is not valid.' },
  HPE_INVALID_CHUNK_SIZE: { status: 400, message: 'The chunked request body is malformed.' },
};
const UNREADABLE = {
  status: 400,
  message: 'The request could not be read as HTTP/1.1 (a malformed request line or header).',
};

type ParserError = Error & { code?: string };
const CLOSE_AFTER_MS = 5_000;
// The response Node is writing on this socket, if any (the same check Node's own handler makes).
type SocketWithResponse = Socket & { _httpMessage?: { headersSent?: boolean } | null };

// Fastify's `clientErrorHandler` option: Node's parser refused the bytes, so there is no request or
// reply object. A complete HTTP/1.1 answer is written on the socket by hand, then it is closed.
export function answerClientError(error: ParserError, socket: Socket): void {
  // The peer is gone: nothing to say, nobody to say it to.
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    socket.destroy();
    return;
  }
  const responseStarted = (socket as SocketWithResponse)._httpMessage?.headersSent === true;
  if (!socket.writable || responseStarted) {
    socket.destroy();
    return;
  }
  const { status, message } = (error.code ? PARSER_ERRORS[error.code] : undefined) ?? UNREADABLE;
  // Closed once written; a peer that never reads it does not keep the socket open either.
  socket.setTimeout(CLOSE_AFTER_MS, () => socket.destroy());
  socket.end(rawJsonResponse(status, { errors: [message] }), () => socket.destroy());
}

function rawJsonResponse(status: number, body: unknown): string {
  const json = JSON.stringify(body);
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'content-type: application/json; charset=utf-8',
    'x-content-type-options: nosniff',
    `content-length: ${Buffer.byteLength(json)}`,
    'connection: close',
    '',
    json,
  ].join('\r\n');
}
