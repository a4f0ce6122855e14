import { readFileSync } from 'node:fs';
import type { ReturnCodeBook } from '@portal/contracts';

// NACHA return reason codes with their published titles, copied byte for byte from the project's
// reference data (../shared/data/ach-return-codes.json; its sources are named inside: the NACHA
// Operating Rules' titles, the spec's high-risk set, and the unauthorized set NACHA's unauthorized
// entry return rate counts), never retyped.
type ReturnCodeFile = {
  source: string;
  high_risk: string[];
  unauthorized: string[];
  unauthorized_source: string;
  codes: Array<{ code: string; title: string }>;
};

const file = JSON.parse(readFileSync(new URL('./ach-return-codes.json', import.meta.url), 'utf8')) as ReturnCodeFile;
const titles = new Map(file.codes.map((entry) => [entry.code, entry.title]));
const unauthorized = new Set(file.unauthorized);
// The spec's R07, R08 and R10 (spec 000 section 9), and every unauthorized return (issue 37): a
// customer who disowned a debit is as high a risk as one who revoked it.
const highRisk = new Set([...file.high_risk, ...file.unauthorized]);

// The unauthorized returns, in the file's order (R05, R07, ... as NACHA lists them).
export const UNAUTHORIZED_RETURN_CODES: readonly string[] = file.unauthorized;

// A card decline or an unknown code is shown as it came, without a title.
export function returnCodeTitle(code: string): string {
  return titles.get(code) ?? 'Unknown return code';
}

// The customer revoked, stopped or disowned the debit: the spec's set and the unauthorized returns.
export function isHighRiskReturn(code: string): boolean {
  return highRisk.has(code);
}

// NACHA's unauthorized returns: debits stop at once on all of the customer's loans and the entry is
// never presented again (contracts rules/failed-debits.ts, decision 048's section "Issue 37").
export function isUnauthorizedReturn(code: string): boolean {
  return unauthorized.has(code);
}

// What the failed-debit rules read of the codes.
export const returnCodeBook: ReturnCodeBook = { title: returnCodeTitle, isUnauthorized: isUnauthorizedReturn };

// A code of the NACHA list (what an ACH return may carry); card declines are not.
export function isNachaReturnCode(code: string): boolean {
  return titles.has(code);
}
