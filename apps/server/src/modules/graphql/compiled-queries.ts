import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { Plugin } from 'graphql-yoga';
// graphql/index.js, not graphql: the copy graphql-yoga loads (see limits.ts).
import {
  getOperationAST,
  GraphQLError,
  type DocumentNode,
  type ExecutionResult,
  type Source,
  type SourceLocation,
} from 'graphql/index.js';
import { perOperation } from './selection.ts';

// Runs each query as JavaScript compiled from it once (graphql-jit) instead of walking the
// document for every field of every row as graphql's executor does: a page of 100 customers with
// their loans and payments is some 5,000 fields (decision 033). The answer is what graphql's
// executor gives, which graphql.test.ts checks:
// - Only queries are compiled; anything else (a mutation, which the schema has not) is left to
//   the standard executor, which refuses it as before.
// - A compiled query is kept per document and operation name (a document may hold several
//   operations and GraphiQL picks one by name).
// - Variables graphql-jit cannot take are answered by the standard executor: the same 400 and
//   the same sentences (it refuses them before running any resolver).
// - Field errors are made graphql's own GraphQLError again, with their source positions, so the
//   masking (an unexpected error) and the response (locations, path, extensions) are unchanged.
export function useCompiledQueries(onCompileError: (errors: readonly GraphQLError[]) => void): Plugin {
  const compiledFor = perOperation((args): CompiledQuery | null => {
    const result = compileQuery(args.schema, args.document, args.operationName ?? undefined);
    if (isCompiledQuery(result)) return result;
    onCompileError(result.errors ?? []);
    return null;
  });

  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      if (getOperationAST(args.document, args.operationName)?.operation !== 'query') return;
      const query = compiledFor(args);
      // One graphql-jit cannot compile runs as before.
      if (!query) return;
      setExecuteFn(async (execution) => {
        const result = await query.query(execution.rootValue, execution.contextValue, execution.variableValues);
        // No data: the variables were refused before anything ran.
        if (!('data' in result)) return executeFn(execution);
        return withGraphqlErrors(result, execution.document);
      });
    },
  };
}

function withGraphqlErrors(result: ExecutionResult, document: DocumentNode): ExecutionResult {
  if (!result.errors?.length) return result;
  const source = document.loc?.source;
  return {
    ...result,
    errors: result.errors.map((error) =>
      // graphql-jit's errors carry line and column only; graphql's are built from positions.
      error.nodes || !source
        ? error
        : new GraphQLError(error.message, {
            source,
            positions: error.locations ? positionsOf(source, error.locations) : undefined,
            path: error.path,
            originalError: error.originalError,
            extensions: error.extensions,
          }),
    ),
  };
}

// The inverse of graphql's getLocation: a line and column back to a character offset.
function positionsOf(source: Source, locations: readonly SourceLocation[]): number[] {
  const lineStarts = [0];
  for (const lineBreak of source.body.matchAll(/\r\n|[\n\r]/g)) lineStarts.push(lineBreak.index + lineBreak[0].length);
  return locations.map(({ line, column }) => (lineStarts[line - 1] ?? 0) + column - 1);
}
