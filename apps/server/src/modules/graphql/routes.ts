import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { z } from 'zod';
import { API_BASE_PATH, errorsResponseSchema } from '@portal/contracts';
import type { Database } from '@portal/db';
import { bankNumbersBoxIfConfigured } from '../customers/index.ts';
import type { GraphqlDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { useCompiledQueries } from './compiled-queries.ts';
import { yogaLogger } from './error-log.ts';
import { useQueryLimits } from './limits.ts';
import { createLoaders, type Loaders } from './loaders.ts';
import { selectLists } from './repository.ts';
import { resolvers, type GraphqlContext } from './resolvers.ts';
import { askedFields, perOperation } from './selection.ts';
import { typeDefs } from './type-defs.ts';

// Where the endpoint answers: under the API base like every call, and at the spec's own path.
export const GRAPHQL_PATHS = [`${API_BASE_PATH}/graphql`, '/graphql'] as const;

const MAX_QUERY_LENGTH = 20_000;

// The body of POST graphql, as GraphQL-over-HTTP clients send it (token: the spec's clients send
// the session token in the body; the auth hook reads it).
const graphqlRequestSchema = z.object({
  query: z
    .string({ error: 'Send the GraphQL query as a string in the query field.' })
    .trim()
    .min(1, 'Send the GraphQL query as a string in the query field.')
    .max(MAX_QUERY_LENGTH, `The query must be at most ${MAX_QUERY_LENGTH} characters.`),
  variables: z.record(z.string(), z.unknown(), { error: 'The variables must be a JSON object.' }).nullish(),
  operationName: z.string({ error: 'The operationName must be a string.' }).nullish(),
  extensions: z.record(z.string(), z.unknown()).nullish(),
  token: z.string().optional(),
});

const graphqlResponseSchema = z
  .object({
    data: z.record(z.string(), z.unknown()).nullable().optional(),
    errors: z
      .array(z.object({ message: z.string(), path: z.array(z.union([z.string(), z.number()])).optional() }))
      .optional(),
  })
  .describe('A GraphQL response: data, and the errors of the fields that could not be answered.');

// The request's loaders, reading what its operation asks of each type.
function requestLoaders(db: Database): Plugin<{ loaders: Loaders }> {
  const listsOf = perOperation((args) => selectLists(askedFields(args.schema, args.document, args.operationName)));
  return {
    onExecute({ args, extendContext }) {
      extendContext({ loaders: createLoaders(db, listsOf(args)) });
    },
  };
}

// POST graphql (decision 033): graphql-yoga over the Portal's data, behind the app's auth hook
// (the route is not public: signed out is the app's 401), with per-request DataLoaders, the depth,
// field and cost limits checked before validation (limits.ts), queries compiled once (graphql-jit), and unexpected errors
// masked (logged, never a 500). Yoga keeps parsed and validated documents (its parser and
// validation cache, on by default), so a repeated query is neither parsed nor checked again.
export function registerGraphqlRoutes(app: FastifyInstance, context: GraphqlDeps): void {
  // Opens bank accounts' numbers for the fields that show them (decision 070).
  const bankBox = bankNumbersBoxIfConfigured(context);
  const yoga = createYoga<Pick<GraphqlContext, 'actor' | 'bankBox'>, Pick<GraphqlContext, 'loaders'>>({
    schema: createSchema<GraphqlContext>({ typeDefs, resolvers }),
    graphqlEndpoint: '/graphql',
    graphiql: false,
    landingPage: false,
    cors: false,
    batching: false,
    maskedErrors: { errorMessage: 'Something went wrong on the server while answering this field. Please try again.' },
    logging: yogaLogger(app.log),
    plugins: [
      useQueryLimits(),
      requestLoaders(context.db),
      useCompiledQueries((errors) =>
        app.log.error({ errors }, 'graphql-jit could not compile a query; it ran uncompiled'),
      ),
    ],
  });

  for (const url of GRAPHQL_PATHS) {
    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url,
      schema: {
        operationId: 'graphql.query',
        tags: ['graphql'],
        summary: 'Runs a GraphQL query over customers, loans, payments, tickets, messages and employees.',
        body: graphqlRequestSchema,
        response: {
          200: graphqlResponseSchema,
          // A query that cannot run (syntax, unknown field, too deep, too costly) answers 400 in the
          // GraphQL shape, written by yoga; a body that is not a request at all, or no session,
          // answers the app's { errors: [sentences] }, which is what the schema here serializes.
          default: errorsResponseSchema.describe(
            'An error: { "errors": [sentences] }; a query that cannot run answers 400 with GraphQL errors instead.',
          ),
        },
      },
      handler: async (request, reply) => {
        const actor = actorOf(request);
        const { query, variables, operationName, extensions } = request.body;
        const response = await yoga.fetch(
          'http://portal.internal/graphql',
          {
            method: 'POST',
            // graphql-response+json: a query that cannot run answers 400, one that ran answers 200.
            headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
            body: JSON.stringify({ query, variables, operationName, extensions }),
          },
          { actor, bankBox },
        );
        // Already JSON: sent as it is (a string with a JSON content type is not serialized again), so
        // the response schemas above describe it without being applied to it.
        const json = (await response.text()) as unknown as z.infer<typeof graphqlResponseSchema>;
        return reply.code(response.status).type('application/json; charset=utf-8').send(json);
      },
    });
  }
}
