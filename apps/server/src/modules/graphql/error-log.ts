import type { FastifyBaseLogger } from 'fastify';
import type { YogaLogger } from 'graphql-yoga';
import { GraphQLError } from 'graphql/index.js';
import { describeDatabaseFailure } from '../../platform/database-errors.ts';

type Level = 'debug' | 'info' | 'warn' | 'error';

// graphql-yoga's logger over the app's pino logger. Yoga logs an error it masks (an unexpected
// failure in a resolver) as the error object itself; pino writes a bare argument array as
// {"0":{}}, so each error goes under pino's err key (message, stack), with the path of the field
// when it has one. A database failure is logged as the REST calls log it (platform/database-errors):
// its query, code and stack frames, never the values Drizzle's message quotes.
export function yogaLogger(log: FastifyBaseLogger): YogaLogger {
  const write =
    (level: Level) =>
    (...args: unknown[]) => {
      const words = args.filter((arg) => typeof arg === 'string').join(' ');
      const errors = args.filter((arg): arg is Error => arg instanceof Error);
      if (errors.length === 0) {
        log[level](words || 'graphql');
        return;
      }
      for (const error of errors) {
        const path = error instanceof GraphQLError ? error.path : undefined;
        const cause = error instanceof GraphQLError && error.originalError ? error.originalError : error;
        const database = describeDatabaseFailure(cause);
        if (database) log[level]({ database: database.log, path }, words || 'graphql query failed');
        else log[level]({ err: cause, path }, words || `graphql error: ${cause.message}`);
      }
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
