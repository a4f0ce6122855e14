import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import {
  callRoutes,
  FILE_RESPONSE,
  requiredPermissions,
  type CallBody,
  type CallDescriptor,
  type CallParams,
  type CallQuery,
} from '@portal/contracts';
import { parseInput } from './request-input.ts';
// The route config this file sets (public, anyOf) is declared with the request's session.
import type {} from './request-session.ts';

// The request a call's handler reads: body, query and params as the call's schemas parsed them.
export type CallRequest<Call extends CallDescriptor> = FastifyRequest<{
  Body: CallBody<Call>;
  Querystring: CallQuery<Call>;
  Params: CallParams<Call>;
}>;

// What a handler answers: the call's response contract, or, for a call that answers a file, the
// reply it has sent.
export type CallAnswer<Call extends CallDescriptor> = Call['response'] extends z.ZodType
  ? z.output<Call['response']>
  : FastifyReply;

export type CallHandler<Call extends CallDescriptor> = (
  request: CallRequest<Call>,
  reply: FastifyReply,
) => CallAnswer<Call> | Promise<CallAnswer<Call>>;

export type RegisterCallOptions<Call extends CallDescriptor> = {
  // The route's config beyond its access (which comes from the call's descriptor, decision 037):
  // e.g. { sessionIfSent: true }, { acceptsUploads: true }.
  config?: Omit<FastifyContextConfig, 'public' | 'anyOf'>;
  // Writes the 200 body itself, in place of the serializer compiled from the response contract
  // (GET tickets reuses the bytes of the shared lists between polls).
  writeBody?: (answer: CallAnswer<Call>) => Buffer | string;
  // For calls whose clients send the query's fields in the body instead (DELETE): where to read
  // them. They are then validated here, with the same 400, rather than by Fastify.
  readQuery?: (request: FastifyRequest) => unknown;
};

// Registers the route of one call from its descriptor: method, path, and the zod schemas of its
// body, query, params and 200 answer, so validation (zod) and serialization (fast-json-stringify,
// decision 011) are the app's compilers' as for any route.
export function registerCall<Call extends CallDescriptor>(
  app: FastifyInstance,
  call: Call,
  handler: CallHandler<Call>,
  options: RegisterCallOptions<Call> = {},
): void {
  const { config, writeBody, readQuery } = options;
  const schema: FastifySchema = {};
  if (call.body) schema.body = call.body;
  if (call.query && !readQuery) schema.querystring = call.query;
  if (call.params) schema.params = call.params;
  const status = call.status ?? 200;
  if (call.response !== FILE_RESPONSE && !writeBody) schema.response = { [status]: call.response };
  const query = call.query;
  // Who may call it is the descriptor's to say, never the route's (decision 037).
  const routeConfig: FastifyContextConfig = {
    ...config,
    public: call.access === 'public',
    anyOf: requiredPermissions(call.access),
  };

  const routeHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    // Replaced by its parsed value, as Fastify does with what it validates.
    if (readQuery && query) request.query = parseInput(query, readQuery(request));
    // Fastify has validated body, query and params against the call's schemas (or readQuery above).
    const answer = await handler(request as CallRequest<Call>, reply);
    if (status !== 200) reply.code(status);
    if (!writeBody) return answer;
    return reply.type('application/json; charset=utf-8').send(writeBody(answer));
  };

  // The call's route, and the same route at each of the spec's other paths for it (alsoAt).
  for (const url of callRoutes(call))
    app.route({
      method: call.method,
      url,
      ...(Object.keys(schema).length > 0 ? { schema } : {}),
      config: routeConfig,
      handler: routeHandler,
    });
}
