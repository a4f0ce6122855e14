import { BACK_OFFICE_FLASH_SECONDS } from '@portal/contracts';
import { ApiError } from '../../lib/api-error.ts';
import { flash } from '../../lib/flash.ts';

// What a failed call of these screens says: the server's own errors (a refusal, a lost
// connection), else the screen's fallback sentence (spec 001 section 8: server errors preferred).
export function failureMessages(error: unknown, fallback: string): readonly string[] {
  return error instanceof ApiError && error.status < 500 && error.errors.length > 0 ? error.errors : [fallback];
}

// Each message its own flash, at the top, like every flash of the back-office dashboards.
export function flashFailure(error: unknown, fallback: string, duration = BACK_OFFICE_FLASH_SECONDS): void {
  for (const message of failureMessages(error, fallback)) flash(message, { type: 'error', duration, placement: 'top' });
}

export function flashTop(
  message: string,
  type: 'success' | 'error' | 'info' | 'warning',
  duration = BACK_OFFICE_FLASH_SECONDS,
): void {
  flash(message, { type, duration, placement: 'top' });
}
