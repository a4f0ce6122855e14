import { BACK_OFFICE_FLASH_SECONDS, BACK_OFFICE_LONG_FLASH_SECONDS } from '@portal/contracts';
import { ApiError } from '../../lib/api-error.ts';
import { flash, type FlashType } from '../../lib/flash.ts';

// Every message of the disputes screens shows at the top (spec 001 section 9): 5 s, or 7 s for
// assignment warnings and resolve errors (long).
export function flashDispute(message: string, type: FlashType, long = false): void {
  flash(message, {
    type,
    duration: long ? BACK_OFFICE_LONG_FLASH_SECONDS : BACK_OFFICE_FLASH_SECONDS,
    placement: 'top',
  });
}

// What the server said about a failed call, or the screen's own fallback sentence when it said
// nothing (no connection, an answer that was not ours).
export function failureMessages(error: unknown, fallback: string): readonly string[] {
  return error instanceof ApiError && error.status > 0 && error.errors.length > 0 ? error.errors : [fallback];
}
