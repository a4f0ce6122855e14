// The automatic stay of a bankruptcy case (11 U.S.C. 362(a), (c)(2)): in force from the filing until
// the case is discharged or dismissed; a conversion or a confirmed chapter 13 plan leaves it in
// force. One rule for the contact gate and the debits (today's cases) and for the duty audit (the
// cases as they stood on a past day).

export type BankruptcyCaseDates = {
  caseNumber: string;
  chapter: number;
  filedOn: string | null;
  dischargedOn: string | null;
  dismissedOn: string | null;
};

// The case whose stay is in force, the latest filed first, or null. Without `onDay` the recorded
// dates alone decide (filed, neither discharged nor dismissed: the stay as the records say today);
// with `onDay` (YYYY-MM-DD), the stay as it stood that day: filed on or before it, and neither
// discharged nor dismissed on or before it.
export function automaticStayOf(
  cases: readonly BankruptcyCaseDates[],
  onDay?: string,
): { caseNumber: string; chapter: number } | null {
  const ended = (day: string | null) => day !== null && (onDay === undefined || day <= onDay);
  const inForce = cases
    .filter((entry) => entry.filedOn !== null && (onDay === undefined || entry.filedOn <= onDay))
    .filter((entry) => !ended(entry.dischargedOn) && !ended(entry.dismissedOn))
    .sort((a, b) => (b.filedOn! < a.filedOn! ? -1 : b.filedOn! > a.filedOn! ? 1 : 0));
  const found = inForce[0];
  return found ? { caseNumber: found.caseNumber, chapter: found.chapter } : null;
}
