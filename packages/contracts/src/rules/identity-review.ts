// Identification review's fixed lists and rules (spec 001 sections 3, 4, 5, 9), shared by the
// screen and the server.

// The decisions a reviewer can make on a card (spec 001 section 4).
export const IDENTITY_DECISIONS = ['approve', 'request', 'cancel', 'selfie', 'manual_fraud_hold'] as const;
export type IdentityDecision = (typeof IDENTITY_DECISIONS)[number];

// Verification codes (user.verified, spec 001 section 3 and spec 000 section 3).
export const VERIFICATION_CODES = {
  manualFraudHold: -7,
  documentsReceived: -5,
  dlSsnNotVerified: -2,
  dlNotVerified: -1,
  notChecked: 0,
  dlVerified: 1,
  dlSsnVerified: 2,
} as const;

// How a code reads and its colour (spec 001 section 3: -5 orange, -2 and -1 red, 1 and 2 green).
const VERIFICATION_CODE_LABELS: Readonly<Record<number, string>> = {
  [-7]: 'Manual fraud hold',
  [-5]: 'Documents received, pending review',
  [-2]: 'DL-SSN not verified',
  [-1]: 'DL not verified',
  0: 'Not verified',
  1: 'DL verified',
  2: 'DL-SSN verified',
};

export function verificationLabel(code: number): string {
  return VERIFICATION_CODE_LABELS[code] ?? `Verification code ${code}`;
}

export function verificationColor(code: number): 'red' | 'orange' | 'green' | 'gray' {
  if (code === -7 || code === -2 || code === -1) return 'red';
  if (code < 0) return 'orange';
  if (code > 0) return 'green';
  return 'gray';
}

// The Ekata identity risk score's bands (spec 001 sections 5 and 9): low up to 256, moderate
// 257-440, high above 440; no score is its own band.
export const EKATA_LOW_MAX = 256;
export const EKATA_MODERATE_MAX = 440;
export const EKATA_BANDS = ['low', 'moderate', 'high', 'none'] as const;
export type EkataBand = (typeof EKATA_BANDS)[number];

export function ekataBand(score: number | null | undefined): EkataBand {
  if (score === null || score === undefined || !Number.isFinite(score)) return 'none';
  if (score <= EKATA_LOW_MAX) return 'low';
  if (score <= EKATA_MODERATE_MAX) return 'moderate';
  return 'high';
}

export const EKATA_BAND_COLORS: Readonly<Record<EkataBand, string>> = {
  low: 'green',
  moderate: 'yellow',
  high: 'red',
  none: 'gray',
};

// Which decisions remove the card (every one but the hold, which moves it to the manual group)
// and which need a second click to confirm because they cannot be undone from this screen.
export const DESTRUCTIVE_IDENTITY_DECISIONS: readonly IdentityDecision[] = ['cancel', 'selfie', 'manual_fraud_hold'];

export const IDENTITY_DECISION_LABELS: Readonly<Record<IdentityDecision, string>> = {
  approve: 'Approve',
  request: 'Request New Documents',
  cancel: 'Cancel Loan',
  selfie: 'Selfie Cancel',
  manual_fraud_hold: 'Manual Fraud Hold',
};

// What the customer is told when new documents are requested and the reviewer wrote no reason.
export const DEFAULT_DOCUMENT_REQUEST_REASON =
  'the photos of your identification could not be verified (they may be blurry, cut off or expired)';
export const DOCUMENT_REQUEST_REASON_MAX_LENGTH = 500;

// The analytics check that compares the application's SSN with the identity on the documents.
export const SSN_CHECK_NAME = 'ssn_match';

// The code an approval sets: DL-SSN verified when the SSN check passed, else DL verified.
export function approvedVerificationCode(checks: readonly { name: string; pass: boolean }[]): 1 | 2 {
  return checks.some((check) => check.name === SSN_CHECK_NAME && check.pass)
    ? VERIFICATION_CODES.dlSsnVerified
    : VERIFICATION_CODES.dlVerified;
}
