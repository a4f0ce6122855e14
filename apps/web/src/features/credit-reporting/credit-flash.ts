import { BACK_OFFICE_FLASH_SECONDS, FCRA_MESSAGES } from '@portal/contracts';
import { ApiError } from '../../lib/api-error.ts';
import { flash, type FlashType } from '../../lib/flash.ts';

// Every message of the credit reporting screens shows at the top for 5 s, like every flash of the
// back-office dashboards (spec 001 section 9).
export function flashTop(message: string, type: FlashType = 'success'): void {
  flash(message, { type, duration: BACK_OFFICE_FLASH_SECONDS, placement: 'top' });
}

// What a failed call says: on a server error (5xx) the spec's sentence, since the server's own
// words would mean nothing to staff; otherwise (a refusal, no connection) the server's errors.
export function failureMessages(error: unknown): readonly string[] {
  if (error instanceof ApiError && error.status >= 500) return [FCRA_MESSAGES.adjustmentServerError];
  if (error instanceof ApiError && error.errors.length > 0) return error.errors;
  return [FCRA_MESSAGES.adjustmentServerError];
}
