import { DAY_MS } from './rules/dates.ts';

// Business constants and limits of spec 000 section 9, in one place for both sides.

export const API_BASE_PATH = '/internal/api';

export const SESSION_TTL_DAYS = 2;
export const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY_MS;
export const REPLY_DRAFT_COOKIE_DAYS = 1;

export const INITIAL_TICKET_FETCH = 10;
export const FLASH_DEFAULT_SECONDS = 7;
export const SEND_GUARD_MS = 2000;
export const SUBMITTED_TICKET_MARKER_MS = 3000;

export const MIN_CUSTOM_PAYMENT_DOLLARS = 25;
export const PAYMENT_DATE_DEFAULT_DAYS_AFTER_DUE = 14;
export const MESSAGE_AGED_AFTER_DAYS = 5;
export const SUGGESTION_MAX_LENGTH = 200;
export const SUGGESTION_TRUNCATED_LENGTH = 140;
export const PAGINATION_BUTTONS = 5;
export const OBJECT_LISTING_MAX_KEYS = 50;
export const HIGH_RISK_RETURN_CODES = ['R07', 'R08', 'R10'] as const;
export const PHONE_DIGITS = 10;
export const PAYMENT_METHODS = ['ach', 'debit'] as const;
export const PAYMENT_FREQUENCIES = ['monthly', 'biweekly', 'weekly'] as const;
export const CLOUD_REGION = 'us-west-2';

// Limits on free text the API accepts, so an over-long field is a 400, never a database error.
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 200;
export const OTP_LENGTH = 6;

// Where the lender keeps its business day: "today" for due dates, the date picker and the queue's
// counts (BUSINESS_TIME_ZONE overrides it on the server, which tells the browser in a meta tag).
export const DEFAULT_BUSINESS_TIME_ZONE = 'America/Los_Angeles';

export const STAGES = ['dev', 'staging', 'production'] as const;
export type Stage = (typeof STAGES)[number];

// The product's own words (spec 000 sections 4 and 8).
export const MESSAGES = {
  credentialsExpired: 'Employee Credentials have expired. Please log in again.',
  signOutFailed: 'You have been signed out, but something went wrong. Please reach out to engineering.',
  toggleOnlineFailed: 'Something went wrong, please try again. If the issue persists, please contact engineering.',
  noConnection: 'Something is wrong with the connection to the server',
} as const;

// Approval codes are what a customer types to accept an offer: 8 characters, no 0/O or 1/I to misread.
export const APPROVAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const APPROVAL_CODE_LENGTH = 8;

// Back-office dashboards (spec 001 section 9).
// Disputes and bankruptcy notices: an item is released after 30 minutes without activity, with a
// warning for the last 60 seconds; the server's lease on it runs just as long.
export const BACK_OFFICE_INACTIVITY_MS = 1_800_000;
export const BACK_OFFICE_INACTIVITY_WARNING_MS = 60_000;
export const BACK_OFFICE_LEASE_MINUTES = BACK_OFFICE_INACTIVITY_MS / 60_000;
export const BACK_OFFICE_LIST_POLL_MS = 30_000;
// Flash messages of these screens: 5 s, or 7 s for assignment warnings and resolve errors.
export const BACK_OFFICE_FLASH_SECONDS = 5;
export const BACK_OFFICE_LONG_FLASH_SECONDS = 7;
export const FLASH_STACK_TOP_PX = 20;
export const FLASH_STACK_GAP_PX = 70;
// The FCRA investigation period: a dispute is due 30 days after it was received.
export const DISPUTE_DUE_DAYS = 30;
export const NOTICE_VIEWER_MIN_HEIGHT = 800;
// Pagination: every page when 7 or fewer, else first, last and 2 either side of the current.
export const PAGE_WINDOW_ALL_UP_TO = 7;
export const PAGE_WINDOW_AROUND = 2;
export const DISPUTES_PAGE_SIZE = 25;
export const NOTICES_PAGE_SIZE = 25;
export const DISPUTE_USER_SEARCH_PAGE_SIZE = 10;
// PDF uploads (disputes and notices): per request.
export const UPLOAD_MAX_FILES = 100;
export const UPLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024;
// The whole request is held in the API's memory until every file has been read (decision 039):
// 100 MB still takes 100 scanned notices of 1 MB.
export const UPLOAD_MAX_TOTAL_BYTES = 100 * 1024 * 1024;

// The macros the ticket's suggested replies name by title (the server's suggest.ts): a macro list
// must have each of them for its suggestion to be offered (the demo's has them all).
export const SUGGESTED_MACRO_TITLES = [
  'change_email',
  'change_phone',
  'change_dob',
  'custom_payment',
  'change_payment_date',
  'update_payment_method',
  'cancel_early_repay',
  'handle_credit_bounce',
  'calc_early_repay',
  'set_early_repay',
] as const;
export type SuggestedMacroTitle = (typeof SUGGESTED_MACRO_TITLES)[number];

// An ACDV must be answered within 30 days of its receipt (FCRA 611(a)(1)).
export const ACDV_RESPONSE_DAYS = 30;
