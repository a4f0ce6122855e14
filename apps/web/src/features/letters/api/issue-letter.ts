// The two letters a staff member sends from the user card (LetterModal's kind). Each call has its
// own file: send-account-status.ts, send-debt-validation.ts, generate-fcra-packet.ts.
export type LetterKind = 'account_status' | 'debt_validation';
