import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { answerClientError } from './client-errors.ts';

// These answers come from below our routes (the router, Node's HTTP parser), so they are tested
// over a real socket, as a client would meet them.
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test server has no port');
  port = address.port;
});
afterAll(() => t.close());

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

// Sends the bytes as they are and reads the whole answer, until the server closes the connection.
function sendRaw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(request);
  });
}

function expectJsonErrors(answer: RawAnswer, status: number, message: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
  expect(JSON.parse(answer.body)).toEqual({ errors: [message] });
}

describe('answers from below the routes', () => {
  it('answers 400 with an errors list for a raw space in the request line', async () => {
    const answer = await sendRaw('GET /internal/api/a b HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers.connection).toBe('close');
    expectJsonErrors(
      answer,
      400,
      'The request line is malformed: it must be the method, the URL (a space written as %20) and HTTP/1.1.',
    );
  });

  it('answers 400 with an errors list for a request line that is not HTTP at all', async () => {
    const answer = await sendRaw('HELLO\r\n\r\n');
    expectJsonErrors(answer, 400, 'The request line is malformed: its method is not an HTTP method.');
  });

  it('answers 431 with an errors list for a URL over 16 KB', async () => {
    const answer = await sendRaw(
      `GET /internal/api/tickets?q=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expectJsonErrors(answer, 431, 'The URL or the request headers are too large (over 16 KB together).');
    expect(answer.headers.connection).toBe('close');
  });

  it('answers 431 with an errors list for headers over 16 KB', async () => {
    const answer = await sendRaw(
      `GET /internal/api/tickets HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20 * 1024)}\r\n\r\n`,
    );
    expectJsonErrors(answer, 431, 'The URL or the request headers are too large (over 16 KB together).');
  });

  it('answers 400 with an errors list for a broken percent-escape in the path, through the normal reply', async () => {
    const answer = await sendRaw('GET /internal/api/%zz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expectJsonErrors(
      answer,
      400,
      'The URL path has a broken percent-escape (such as %zz, or bytes that are not UTF-8). Write special characters as %XX of their UTF-8 bytes.',
    );
  });

  it('says the same through inject, for an escape that is not UTF-8', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/internal/api/%C0' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.stringMatching(/^The URL path has a broken percent-escape/)]);
  });

  it('keeps serving ordinary requests on the same server afterwards', async () => {
    const answer = await sendRaw('GET /internal/api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBeLessThan(500);
  });
});

describe('answerClientError', () => {
  const fakeSocket = (state: { writable?: boolean; destroyed?: boolean; headersSent?: boolean } = {}) => {
    const socket = {
      writable: state.writable ?? true,
      destroyed: state.destroyed ?? false,
      _httpMessage: state.headersSent === undefined ? null : { headersSent: state.headersSent },
      end: vi.fn(),
      destroy: vi.fn(),
      setTimeout: vi.fn(),
    };
    return { socket, asSocket: socket as unknown as Socket };
  };
  const parserError = (code: string) => Object.assign(new Error(code), { code });

  it('only destroys the socket on ECONNRESET', () => {
    const { socket, asSocket } = fakeSocket();
    answerClientError(parserError('ECONNRESET'), asSocket);
    expect(socket.end).not.toHaveBeenCalled();
    expect(socket.destroy).toHaveBeenCalled();
  });

  it('writes nothing on a socket that is not writable, or once a response has started', () => {
    for (const state of [{ writable: false }, { headersSent: true }, { destroyed: true }]) {
      const { socket, asSocket } = fakeSocket(state);
      answerClientError(parserError('HPE_INVALID_METHOD'), asSocket);
      expect(socket.end).not.toHaveBeenCalled();
      expect(socket.destroy).toHaveBeenCalled();
    }
  });

  it('writes one complete HTTP/1.1 answer and closes', () => {
    const { socket, asSocket } = fakeSocket({ headersSent: false });
    answerClientError(parserError('ERR_HTTP_REQUEST_TIMEOUT'), asSocket);
    const written = String(socket.end.mock.calls[0]?.[0]);
    const body = '{"errors":["The request took too long to arrive; send it again."]}';
    expect(written).toBe(
      `HTTP/1.1 408 Request Timeout\r\ncontent-type: application/json; charset=utf-8\r\nx-content-type-options: nosniff\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
});
