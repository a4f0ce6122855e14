import { BACK_OFFICE_FLASH_SECONDS } from '@portal/contracts';
import { flash, type FlashType } from '../../../lib/flash.ts';

// Like every flash of the back-office dashboards: at the top, for 5 s (spec 001 section 9).
export function flashTop(message: string, type: FlashType = 'success'): void {
  flash(message, { type, duration: BACK_OFFICE_FLASH_SECONDS, placement: 'top' });
}
