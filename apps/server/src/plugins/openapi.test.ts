import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE_PATH,
  API_OPERATION_METHODS,
  apiDocumentSchema,
  callRoute,
  listApiCalls,
  type ApiDocument,
} from '@portal/contracts';
import { useStaffSession, useTestApp } from '../testing/use-test-app.ts';
import { API_DOCUMENT_ROUTE } from './openapi.ts';

const t = useTestApp();
const staff = useStaffSession(t);

let raw: Record<string, unknown>;
let document: ApiDocument;
beforeAll(async () => {
  const response = await t.app.inject({ method: 'GET', url: API_DOCUMENT_ROUTE, headers: staff.headers });
  expect(response.statusCode).toBe(200);
  raw = response.json();
  // As the web app's viewer reads it.
  document = apiDocumentSchema.parse(raw);
});

// Every operation in the document as "METHOD /path/{param}".
function documentedOperations(): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    API_OPERATION_METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

function operation(method: (typeof API_OPERATION_METHODS)[number], path: string) {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document.`);
  return found;
}

describe('the OpenAPI document', () => {
  it('is for signed-in staff only', async () => {
    const response = await t.app.inject({ method: 'GET', url: API_DOCUMENT_ROUTE });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: [expect.any(String)] });
  });

  it('is OpenAPI 3.1 JSON, under the app CSP like every answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: API_DOCUMENT_ROUTE, headers: staff.headers });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe('The Portal API');
  });

  it("validates against the OpenAPI 3.1 specification's JSON Schema", async () => {
    const validator = new Validator();
    const result = await validator.validate(raw);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is well-formed: every path has operations, each with a unique id and described responses', () => {
    const problems: string[] = [];
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith(`${API_BASE_PATH}/`)) problems.push(`${path}: not under ${API_BASE_PATH}`);
      if (path.includes(':')) problems.push(`${path}: a Fastify parameter, not {name}`);
      const methods = API_OPERATION_METHODS.filter((method) => item[method]);
      if (methods.length === 0) problems.push(`${path}: no operation`);
      for (const method of methods) {
        const op = item[method]!;
        const name = `${method.toUpperCase()} ${path}`;
        if (!op.operationId) problems.push(`${name}: no operationId (a route neither a call nor described)`);
        else if (ids.has(op.operationId)) problems.push(`${name}: operationId ${op.operationId} twice`);
        else ids.add(op.operationId);
        const responses = Object.entries(op.responses);
        if (!op.responses['200'] && !op.responses['201']) problems.push(`${name}: no 200 (or 201) response`);
        for (const [status, response] of responses) {
          if (!response.description) problems.push(`${name} ${status}: no description`);
          for (const [type, media] of Object.entries(response.content ?? {}))
            if (media.schema === undefined) problems.push(`${name} ${status} ${type}: no schema`);
        }
        // Each {parameter} of the path is declared as a required path parameter.
        for (const [, param] of path.matchAll(/\{(\w+)\}/g)) {
          if (!op.parameters?.some((each) => each.in === 'path' && each.name === param && each.required))
            problems.push(`${name}: path parameter ${param} not declared`);
        }
        for (const requirement of op.security ?? document.security ?? [])
          for (const scheme of Object.keys(requirement))
            if (!document.components?.securitySchemes?.[scheme]) problems.push(`${name}: unknown scheme ${scheme}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has every registered API route, with its method, and nothing else', () => {
    const registered = t.app
      .listRouteAccess()
      // HEAD follows GET; the catch-all answers unknown paths; the document does not list itself.
      .filter(
        (route) =>
          route.url.startsWith(`${API_BASE_PATH}/`) &&
          !route.url.endsWith('*') &&
          route.url !== API_DOCUMENT_ROUTE &&
          route.method !== 'HEAD',
      )
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(40);
    const documented = documentedOperations();
    expect(registered.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('takes request and response schemas from the contracts', () => {
    const toggleAch = operation('patch', `${API_BASE_PATH}/toggle_ach`);
    expect(toggleAch.operationId).toBe('loans.toggleAch');
    expect(toggleAch.requestBody?.content['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: { loan_id: { type: 'integer' } },
      required: ['loan_id'],
    });
    expect(toggleAch.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      properties: { message: { type: 'string' } },
    });
    // Errors are described once for all: { errors: [sentences] }.
    expect(toggleAch.responses.default?.content?.['application/json']?.schema).toMatchObject({
      properties: { errors: { type: 'array', items: { type: 'string' } } },
    });
    // Query parameters, and a path parameter in OpenAPI's form.
    const getTicket = operation('get', `${API_BASE_PATH}/ticket`);
    expect(getTicket.parameters?.find((param) => param.name === 'id')).toMatchObject({ in: 'query', required: true });
    const documentFile = operation('get', `${API_BASE_PATH}/documents/{id}`);
    expect(documentFile.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    // GET tickets writes its own body (no response schema on the route): still described from its contract.
    expect(operation('get', `${API_BASE_PATH}/tickets`).responses['200']?.content?.['application/json']).toBeDefined();
  });

  it('says which calls need a staff session: all but sign-in and the other public ones', () => {
    expect(document.security).toEqual([{ staffSession: [] }]);
    expect(document.components?.securitySchemes?.staffSession).toMatchObject({ type: 'http', scheme: 'bearer' });
    const signIn = operation('post', `${API_BASE_PATH}/employees/sign_in`);
    expect(signIn.security).toEqual([]);
    expect(signIn.requestBody?.content['application/json']?.schema).toMatchObject({
      properties: { employee: { required: expect.arrayContaining(['email', 'password']) } },
    });
    expect(operation('get', `${API_BASE_PATH}/health`).security).toEqual([]);
    expect(operation('patch', `${API_BASE_PATH}/toggle_ach`).security).toBeUndefined();
  });

  it("shows each call's declared permission as the roles its bearer requirement names (decision 037)", () => {
    for (const { name, call } of listApiCalls()) {
      const path = callRoute(call).replace(/:(\w+)/g, '{$1}');
      const op = operation(call.method.toLowerCase() as (typeof API_OPERATION_METHODS)[number], path);
      const expected =
        call.access === 'public'
          ? []
          : call.access === 'signedIn'
            ? undefined
            : call.access.anyOf.map((permission) => ({ staffSession: [permission] }));
      expect(op.security, name).toEqual(expected);
      expect(op.description, name).toBeTruthy();
    }
    const mailer = operation('post', `${API_BASE_PATH}/fcra_dashboard/fcra_mailer`);
    expect(mailer.security).toEqual([{ staffSession: ['credit_reporting.adjust'] }]);
    expect(mailer.description).toContain('credit_reporting.adjust');
  });

  it('describes the webhooks: Twilio form and raw email, each with its own secret', () => {
    const sms = operation('post', `${API_BASE_PATH}/webhooks/twilio/sms`);
    expect(sms.security).toEqual([{ twilioSignature: [] }]);
    expect(sms.requestBody?.content['application/x-www-form-urlencoded']?.schema).toMatchObject({
      properties: { From: { type: 'string' }, Body: { type: 'string' }, MessageSid: { type: 'string' } },
      required: expect.arrayContaining(['From', 'To', 'MessageSid']),
    });
    expect(sms.responses['200']?.content?.['text/xml']).toBeDefined();
    const email = operation('post', `${API_BASE_PATH}/webhooks/email`);
    expect(email.security).toEqual([{ inboundEmailSecret: [] }]);
    expect(Object.keys(email.requestBody?.content ?? {})).toContain('message/rfc822');
    expect(email.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      properties: { ticket_id: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
    });
  });
});
