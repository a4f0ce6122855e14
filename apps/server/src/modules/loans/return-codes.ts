import { readFileSync } from 'node:fs';

// NACHA return reason codes with their published titles, copied from the project's reference data
// (../shared/data/ach-return-codes.json; its source is named inside), never retyped.
type ReturnCodeFile = { source: string; high_risk: string[]; codes: Array<{ code: string; title: string }> };

const file = JSON.parse(readFileSync(new URL('./ach-return-codes.json', import.meta.url), 'utf8')) as ReturnCodeFile;
const titles = new Map(file.codes.map((entry) => [entry.code, entry.title]));
const highRisk = new Set(file.high_risk);

// A card decline or an unknown code is shown as it came, without a title.
export function returnCodeTitle(code: string): string {
  return titles.get(code) ?? 'Unknown return code';
}

// R07, R08 and R10 (spec 000 section 9): the customer revoked, stopped or disowned the debit.
export function isHighRiskReturn(code: string): boolean {
  return highRisk.has(code);
}

// A code of the NACHA list (what an ACH return may carry); card declines are not.
export function isNachaReturnCode(code: string): boolean {
  return titles.has(code);
}
