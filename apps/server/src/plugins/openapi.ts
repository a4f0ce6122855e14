import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE_PATH,
  apiDocumentCall,
  callRoute,
  errorsResponseSchema,
  FILE_RESPONSE,
  listApiCalls,
  permissionRefusal,
  type CallAccess,
  type CallDescriptor,
} from '@portal/contracts';
import { inboundRouteDescriptions, inboundSecuritySchemes } from '../modules/inbound/index.ts';

// Where the document is served (to signed-in staff: the route is not public).
export const API_DOCUMENT_ROUTE = callRoute(apiDocumentCall);

const errorsResponse = {
  description: 'An error: { "errors": [sentences] }, 4xx for anything the caller can fix.',
  content: { 'application/json': { schema: errorsResponseSchema } },
};

const fileResponse = {
  description: 'The file, with its own Content-Type.',
  content: { '*/*': { schema: z.string().describe("The file's bytes.") } },
};

type NamedCall = { name: string; call: CallDescriptor };

// The contract's call of each registered route, by "METHOD url". A call's other paths (alsoAt) are
// named in its description, not listed again.
const callsByRoute = new Map<string, NamedCall>(
  listApiCalls().map((named) => [routeKey(named.call.method, callRoute(named.call)), named]),
);

function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}

// The route's description from its call's descriptor rather than from the route's schema: a call
// that writes its own body (writeBody) or reads its query itself (readQuery) registers without
// those parts, but its contract still says what goes over the wire.
function describeCall({ name, call }: NamedCall, route: RouteOptions): FastifySchema {
  const readsQueryItself = call.query !== undefined && route.schema?.querystring === undefined;
  const description = [
    accessSentence(call.access),
    ...(readsQueryItself ? ["The query's fields may be sent in a JSON body instead."] : []),
    ...(call.alsoAt ? [`The same call answers at ${call.alsoAt.join(' and ')} too (the spec's path).`] : []),
  ].join(' ');
  return {
    operationId: name,
    tags: [name.slice(0, name.indexOf('.'))],
    description,
    ...securityOf(call.access),
    ...(call.body ? { body: call.body } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.params ? { params: call.params } : {}),
    response: {
      200:
        call.response === FILE_RESPONSE
          ? fileResponse
          : { description: 'OK.', content: { 'application/json': { schema: call.response } } },
      default: errorsResponse,
    },
  };
}

// Who may call it (decision 037): OpenAPI 3.1 lets a bearer scheme's requirement name the roles
// it needs, so a permission is a requirement of its own and any one of them will do.
function securityOf(access: CallAccess): Pick<FastifySchema, 'security'> {
  if (access === 'public') return { security: [] };
  if (access === 'signedIn') return {};
  return { security: access.anyOf.map((permission) => ({ staffSession: [permission] })) };
}

function accessSentence(access: CallAccess): string {
  if (access === 'public') return 'Answers without a staff session.';
  if (access === 'signedIn') return 'Any signed-in employee.';
  const names = access.anyOf.map((permission) => `\`${permission}\``).join(' or ');
  return `Needs the permission ${names}: ${permissionRefusal(access.anyOf[0])}`;
}

// Each route's schema for the document: the API's routes only (not the web app's files, the
// catch-all for unknown API paths or this document), each described by its contract, then turned
// from zod into JSON Schema 2020-12 by the zod type provider's transform.
const describeRoute: SwaggerTransform = (document) => {
  const { url, route } = document;
  const method = Array.isArray(route.method) ? String(route.method[0]) : route.method;
  const key = routeKey(method, url);
  if (!url.startsWith(`${API_BASE_PATH}/`) || url.endsWith('*') || url === API_DOCUMENT_ROUTE) {
    return { schema: { hide: true }, url };
  }
  const named = callsByRoute.get(key);
  // A route neither a call nor described keeps its own schema (the test names it as undescribed).
  const schema = named ? describeCall(named, route) : (inboundRouteDescriptions[key] ?? document.schema);
  return jsonSchemaTransform({ ...document, schema });
};

// The OpenAPI 3.1 document of the API (GET /internal/api/openapi.json), generated from the zod
// contracts. Call it before any route is registered: @fastify/swagger collects routes as they are
// added. The web app shows it at /api-docs (no inline script, so the app's CSP stays as it is).
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'The Portal API',
        version: '1.0.0',
        description:
          'The internal API of the Portal. Every call needs a staff session unless it says otherwise: ' +
          'sign in with POST /internal/api/employees/sign_in and send its apiToken as a bearer token.',
      },
      components: {
        securitySchemes: {
          staffSession: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The apiToken of a staff session (2 days); also accepted as a token field in the body or query.',
          },
          ...inboundSecuritySchemes,
        },
      },
      security: [{ staffSession: [] }],
    },
    transform: describeRoute,
    transformObject: jsonSchemaTransformObject,
  });

  // Built once, on the first request after start (the routes are all known by then).
  let body: string | null = null;
  app.get(API_DOCUMENT_ROUTE, (_request, reply) => {
    body ??= JSON.stringify(app.swagger());
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
