import type { z } from 'zod';
import { API_BASE_PATH } from './constants.ts';
import type { Permission } from './permissions.ts';

// One call of the API, defined once: the server registers its route from it
// (apps/server/src/platform/register-call.ts) and the web app calls it with it (callApi).

export const CALL_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
export type CallMethod = (typeof CALL_METHODS)[number];

// The response of a call that answers a file (bytes with their own content type), not JSON.
export const FILE_RESPONSE = 'file';
export type FileResponse = typeof FILE_RESPONSE;

// Who may make a call (decision 037), declared by every call and enforced by the server before the
// handler runs: `public` answers without a staff session (sign-in, health, calls that check a token
// of their own), `signedIn` any signed-in employee, `{ anyOf }` a signed-in employee holding at
// least one of the permissions (403 with the first one's refusal otherwise). Rules about the record
// itself (only the assignee edits a dispute) stay in the module.
export type CallAccess = 'public' | 'signedIn' | { readonly anyOf: readonly [Permission, ...Permission[]] };

// `access: needs('credit_reporting.adjust')`.
export function needs<const P extends Permission>(...anyOf: [P, ...P[]]): { readonly anyOf: readonly [P, ...P[]] } {
  return { anyOf };
}

// The permissions a call needs, none for public and signedIn.
export function requiredPermissions(access: CallAccess): readonly Permission[] {
  return typeof access === 'string' ? [] : access.anyOf;
}

export type CallDescriptor = {
  readonly method: CallMethod;
  readonly access: CallAccess;
  // Relative to API_BASE_PATH, without a leading slash; `:name` is a path parameter ('documents/:id').
  readonly path: string;
  // Absolute paths the spec names for the same call, outside API_BASE_PATH ('/api/blog/posts'): the
  // route answers at each of them too, with the same access, schemas and handler.
  readonly alsoAt?: readonly `/${string}`[];
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  // The success answer: 200, or `status` when the call says so (201 for cr_adj/create_and_notify).
  readonly response: z.ZodType | FileResponse;
  readonly status?: 200 | 201;
};

// `const`, so each call keeps its literal method and path and its exact schemas' types.
export function defineCall<const Call extends CallDescriptor>(call: Call): Call {
  return call;
}

type InputPart<Call, Key extends 'body' | 'query' | 'params'> = Call extends {
  readonly [K in Key]: infer Schema extends z.ZodType;
}
  ? { [K in Key]: z.input<Schema> }
  : { [K in Key]?: undefined };

// What a client passes to make the call: { body, query, params } as the call declares them.
export type CallInput<Call extends CallDescriptor> = InputPart<Call, 'body'> &
  InputPart<Call, 'query'> &
  InputPart<Call, 'params'>;

type ParsedPart<Call, Key extends 'body' | 'query' | 'params'> = Call extends {
  readonly [K in Key]: infer Schema extends z.ZodType;
}
  ? z.output<Schema>
  : unknown;

// The parsed parts a handler reads (request.body, request.query, request.params).
export type CallBody<Call extends CallDescriptor> = ParsedPart<Call, 'body'>;
export type CallQuery<Call extends CallDescriptor> = ParsedPart<Call, 'query'>;
export type CallParams<Call extends CallDescriptor> = ParsedPart<Call, 'params'>;

// What a call answers: its response contract's type, or the file's bytes.
export type CallOutput<Call extends CallDescriptor> = Call['response'] extends z.ZodType
  ? z.output<Call['response']>
  : Blob;

// The route's URL as the server's router reads it ('/internal/api/documents/:id').
export function callRoute(call: CallDescriptor): string {
  return `${API_BASE_PATH}/${call.path}`;
}

// Every URL the call answers at: its route, then the spec's other paths for it (alsoAt).
export function callRoutes(call: CallDescriptor): string[] {
  return [callRoute(call), ...(call.alsoAt ?? [])];
}

// The path parameters a call's path names, in order ('documents/:id' -> ['id']).
export function callPathParams(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}

// The call's path with its parameters filled in, each percent-encoded (relative to API_BASE_PATH).
export function fillCallPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      if (value === undefined || value === null) throw new Error(`The path ${path} needs ${segment.slice(1)}.`);
      return encodeURIComponent(String(value));
    })
    .join('/');
}
