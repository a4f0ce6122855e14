// What every failed API call throws: the HTTP status (0 when the server could not be reached)
// and the server's list of errors, in words a staff member understands.
export class ApiError extends Error {
  readonly status: number;
  readonly errors: readonly string[];
  // The answer's other fields beside errors (an upload's failed_files, a loan as it stands now).
  readonly details: Readonly<Record<string, unknown>>;

  constructor(status: number, errors: readonly string[], details: Readonly<Record<string, unknown>> = {}) {
    super(errors.join(' '));
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.details = details;
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

// The lines to show for any error a call may raise.
export function errorMessages(error: unknown): readonly string[] {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors;
  return ['Something went wrong. Please try again.'];
}
