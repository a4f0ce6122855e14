import { BACK_OFFICE_FLASH_SECONDS } from '@portal/contracts';
import { ApiError } from '../../../lib/api-error.ts';
import { flash } from '../../../lib/flash.ts';

export const INCOME_SERVER_ERROR = 'There was an error on the server. Please contact Engineering.';

// Like every flash of the back-office dashboards: at the top, for 5 s (spec 001 section 9).
export function flashTop(message: string): void {
  flash(message, { type: 'success', duration: BACK_OFFICE_FLASH_SECONDS, placement: 'top' });
}

// What a failed verify or re-request says above its form: a refusal (422, or 409 when someone
// else holds the loan) in the server's sentences; a server error or no answer at all in the spec's
// sentence, since the server's own words would mean nothing to a reviewer.
export function failureMessages(error: unknown): readonly string[] {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.errors.length > 0)
    return error.errors;
  return [INCOME_SERVER_ERROR];
}
