// What a failed database call may say about itself in a log: which query and why, and where in the
// code (the stack's frames), never the values it carried (parameters, and the parts of PostgreSQL's
// message and detail, and of Drizzle's message, that quote them).
export type DatabaseFailure = {
  // Whether the database could not be reached at all (the request may simply be tried again).
  // Only a lost or refused connection is; an error of the query itself (too many parameters, a
  // program limit, a constraint) is not, and must never be reported as an outage.
  unavailable: boolean;
  log: {
    code: string | null;
    query: string | null;
    constraint: string | null;
    table: string | null;
    column: string | null;
    stack: string | null;
  };
};

// SQLSTATE classes and codes that mean "no database right now": connection exceptions (08) but
// 08P01, too many connections (53300), the server shutting down or starting (57P01-57P03); and
// any FATAL error, which PostgreSQL raises only when it ends or refuses the connection itself.
// 08P01 (protocol violation) at severity ERROR is one statement refused, and the connection stays
// usable: both drivers raise it for a statement of more than 65,535 bind parameters ("bind message
// has 4464 parameter formats but 0 parameters"). A FATAL 08P01 is still an outage, by severity.
const UNAVAILABLE_STATES = /^(08(?!P01)...|53300|57P0[123])$/;
// Node's socket errors and node-postgres's own words for a connection that is gone.
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
  // PGlite's, for a query after the embedded database was closed (the process is shutting down).
  'PGlite is closed',
];
const QUERY_TEXT_LIMIT = 160;

// The database failure behind an error (Drizzle wraps the driver's error as its cause), or null.
export function describeDatabaseFailure(error: unknown): DatabaseFailure | null {
  let query: string | null = null;
  let found = false;
  const stack = stackFramesOf(error);
  for (let current: unknown = error, depth = 0; isObject(current) && depth < 5; current = current.cause, depth += 1) {
    if (typeof current.query === 'string') {
      query = summarizeQuery(current.query);
      found = true;
    }
    const code = typeof current.code === 'string' ? current.code : null;
    const message = typeof current.message === 'string' ? current.message : '';
    const isPostgresError = code !== null && /^[0-9A-Z]{5}$/.test(code) && 'severity' in current;
    const unavailable =
      (code !== null && (UNAVAILABLE_SOCKET_CODES.has(code) || (isPostgresError && UNAVAILABLE_STATES.test(code)))) ||
      (isPostgresError && (current.severity === 'FATAL' || current.severity === 'PANIC')) ||
      UNAVAILABLE_MESSAGES.some((words) => message.startsWith(words));
    if (isPostgresError || unavailable) {
      return {
        unavailable,
        log: {
          code,
          query,
          constraint: stringField(current, 'constraint'),
          table: stringField(current, 'table'),
          column: stringField(current, 'column'),
          stack,
        },
      };
    }
  }
  return found
    ? { unavailable: false, log: { code: null, query, constraint: null, table: null, column: null, stack } }
    : null;
}

// The frames of an error's stack without the message it starts with (Drizzle's quotes the
// parameters, over several lines).
function stackFramesOf(error: unknown): string | null {
  if (!isObject(error) || typeof error.stack !== 'string') return null;
  const message = typeof error.message === 'string' ? error.message : '';
  const at = message ? error.stack.indexOf(message) : -1;
  const after = at === -1 ? error.stack : error.stack.slice(at + message.length);
  const frames = after.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length === 0 ? null : frames.map((line) => line.trim()).join('\n');
}

// The statement's text names the query well enough to find it in the code; values are parameters.
function summarizeQuery(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > QUERY_TEXT_LIMIT ? `${oneLine.slice(0, QUERY_TEXT_LIMIT)}…` : oneLine;
}

function isObject(value: unknown): value is Record<string, unknown> & { cause?: unknown } {
  return typeof value === 'object' && value !== null;
}

function stringField(value: Record<string, unknown>, name: string): string | null {
  const field = value[name];
  return typeof field === 'string' ? field : null;
}
