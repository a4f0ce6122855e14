import {
  API_BASE_PATH,
  FILE_RESPONSE,
  MESSAGES,
  errorsResponseSchema,
  fillCallPath,
  type CallDescriptor,
  type CallInput,
  type CallMethod,
  type CallOutput,
} from '@portal/contracts';
import { ApiError } from './api-error.ts';
import { readSession } from './session.ts';
import { notifyUnauthorized } from './unauthorized.ts';

// Any validator with zod's safeParse shape; the schemas come from @portal/contracts.
export type ResponseSchema<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
};

export type ApiRequestOptions<T> = {
  method?: CallMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  schema: ResponseSchema<T>;
  // Sign-in and MFA enrolment answer 401 for wrong credentials, which is not an expired session.
  signOutOnUnauthorized?: boolean;
  signal?: AbortSignal;
  // Sent as Idempotency-Key by the calls that send a message: one per composed message, the same on
  // every retry of it, so a retry after a lost answer never sends the customer a second copy.
  idempotencyKey?: string;
};

// The app registers what a 401 does (sign out, flash the expired message) at boot.
export { setUnauthorizedHandler } from './unauthorized.ts';

function buildUrl(path: string, query: ApiRequestOptions<unknown>['query']): string {
  const url = `${API_BASE_PATH}/${path.replace(/^\//, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search === '' ? url : `${url}?${search}`;
}

function buildHeaders(hasBody: boolean, contentType = 'application/json'): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  // A FormData body sets its own multipart content type with the boundary.
  if (hasBody && contentType !== '') headers.set('Content-Type', contentType);
  const token = readSession()?.apiToken;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    // fetch rejects with a TypeError when there is no connection; an abort is the caller's own doing.
    if (error instanceof TypeError) throw new ApiError(0, [MESSAGES.noConnection]);
    throw error;
  }
}

function failure(response: Response, data: unknown, signOutOnUnauthorized: boolean): ApiError {
  if (response.status === 401 && signOutOnUnauthorized) notifyUnauthorized();
  const parsed = errorsResponseSchema.safeParse(data);
  const errors =
    parsed.success && parsed.data.errors.length > 0
      ? parsed.data.errors
      : [`The server could not complete the request (status ${response.status}).`];
  const details = typeof data === 'object' && data !== null ? { ...(data as Record<string, unknown>) } : {};
  delete details.errors;
  return new ApiError(response.status, errors, details);
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const { method = 'GET', body, query, schema, signOutOnUnauthorized = true, signal, idempotencyKey } = options;
  const hasBody = body !== undefined;
  const headers = buildHeaders(hasBody);
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
  const response = await send(buildUrl(path, query), {
    method,
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
  const data = await readJson(response);
  if (!response.ok) throw failure(response, data, signOutOnUnauthorized);

  const parsed = schema.safeParse(data);
  if (!parsed.success)
    throw new ApiError(response.status, ['The server sent an answer the Portal does not understand.']);
  return parsed.data;
}

// A file the API serves (a document): fetched with the bearer header, since a plain link or an
// iframe src would carry no token. Only paths of this API are accepted, so the token never leaves
// for another origin.
export async function apiFileRequest(
  path: string,
  signal?: AbortSignal,
  query?: ApiRequestOptions<unknown>['query'],
): Promise<Blob> {
  return (await apiFileResponse(path, signal, query)).blob;
}

// The same, with the answer's headers (a list's export says in them how many rows it holds).
export async function apiFileResponse(
  path: string,
  signal?: AbortSignal,
  query?: ApiRequestOptions<unknown>['query'],
): Promise<{ blob: Blob; headers: Headers }> {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(path)) throw new ApiError(0, ['This document is not stored by the Portal.']);
  const url = path.startsWith(`${API_BASE_PATH}/`) ? path : buildUrl(path, query);
  const headers = buildHeaders(false);
  headers.set('Accept', '*/*');
  const response = await send(url, { method: 'GET', headers, signal });
  if (!response.ok) throw failure(response, await readJson(response), true);
  return { blob: await response.blob(), headers: response.headers };
}

export type CallOptions = Pick<ApiRequestOptions<unknown>, 'signOutOnUnauthorized' | 'signal' | 'idempotencyKey'>;

// The input may be left out when the call takes none (GET employees/session, fetch_macros).
type CallArgs<Call extends CallDescriptor> =
  Record<string, never> extends CallInput<Call>
    ? [input?: CallInput<Call>, options?: CallOptions]
    : [input: CallInput<Call>, options?: CallOptions];

type AnyCallInput = {
  body?: unknown;
  query?: ApiRequestOptions<unknown>['query'];
  params?: Readonly<Record<string, unknown>>;
};

// Makes one call as its descriptor defines it (@portal/contracts): method, path with its
// parameters filled in and encoded, body or query, and the answer parsed with the response
// contract (a file call answers a Blob).
export function callApi<Call extends CallDescriptor>(
  call: Call,
  ...[input, options]: CallArgs<Call>
): Promise<CallOutput<Call>> {
  // The answer is what call.response parsed (or the file), which is CallOutput<Call>.
  return sendCall(call, input ?? {}, options ?? {}) as Promise<CallOutput<Call>>;
}

function sendCall(call: CallDescriptor, input: AnyCallInput, options: CallOptions): Promise<unknown> {
  const path = fillCallPath(call.path, input.params);
  if (call.response === FILE_RESPONSE) return apiFileRequest(path, options.signal, input.query);
  return apiRequest(path, {
    method: call.method,
    body: input.body,
    query: input.query,
    schema: call.response,
    ...options,
  });
}

// Sends files as multipart/form-data, each under fieldName (files[] by default), with any text
// fields before them, to a call that answers JSON (the dispute and notice uploads, the blog's
// image). A refusal throws ApiError with the answer's other fields in details (failed_files).
export async function uploadFiles<Call extends CallDescriptor>(
  call: Call,
  files: readonly File[],
  fieldName = 'files[]',
  options: CallOptions & { fields?: Readonly<Record<string, string>> } = {},
): Promise<CallOutput<Call>> {
  if (call.response === FILE_RESPONSE) throw new Error('uploadFiles: the call answers a file, not JSON.');
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  for (const file of files) form.append(fieldName, file, file.name);
  const response = await send(buildUrl(fillCallPath(call.path), undefined), {
    method: call.method,
    headers: buildHeaders(true, ''),
    body: form,
    signal: options.signal,
  });
  const data = await readJson(response);
  if (!response.ok) throw failure(response, data, options.signOutOnUnauthorized ?? true);
  const parsed = call.response.safeParse(data);
  if (!parsed.success)
    throw new ApiError(response.status, ['The server sent an answer the Portal does not understand.']);
  return parsed.data as CallOutput<Call>;
}

// A request that outlives the page (keepalive), for letting go of an item when the tab closes or
// the screen is left. Its answer is not read: there is nobody left to tell.
export function sendKeepalive<Call extends CallDescriptor>(call: Call, input: CallInput<Call>): void {
  const { body, query, params } = input as AnyCallInput;
  const hasBody = body !== undefined;
  void fetch(buildUrl(fillCallPath(call.path, params), query), {
    method: call.method,
    headers: buildHeaders(hasBody),
    body: hasBody ? JSON.stringify(body) : undefined,
    keepalive: true,
  }).catch(() => undefined);
}
