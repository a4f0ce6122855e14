// Business constants and limits of spec 000 section 9, in one place for both sides.

export const API_BASE_PATH = '/internal/api';

export const SESSION_TTL_DAYS = 2;
export const SESSION_TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
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
