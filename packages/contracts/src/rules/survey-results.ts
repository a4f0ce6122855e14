// The survey screens' rules (spec 001 sections 2, 3, 7), shared by the server that counts the answers
// and the screens that show them.

// What a question shows for a user who left it blank or never reached it (spec 001 section 2).
export const NO_ANSWER = 'No Answer';

export type CountedChoice = { choice: string; count: number };
export type RankedChoice = CountedChoice & { percent: number };

// A count as a percentage of the answers given, to one decimal (0 when nobody answered).
export function surveyPercent(count: number, answered: number): number {
  if (answered <= 0) return 0;
  return Math.round((count * 1000) / answered) / 10;
}

// A question's choices ordered by count, most chosen first (spec 001 section 2). Every listed choice
// is shown, 0 when nobody chose it (the chart has a bar for each); an answer the list does not hold
// (a choice since removed) is shown too. Ties keep the listed order, then go alphabetically.
export function rankChoices(
  listed: readonly string[],
  counted: readonly CountedChoice[],
  answered: number,
): RankedChoice[] {
  const counts = new Map<string, number>();
  for (const choice of listed) counts.set(choice, 0);
  for (const { choice, count } of counted) counts.set(choice, (counts.get(choice) ?? 0) + count);
  const listedAt = (choice: string) => {
    const index = listed.indexOf(choice);
    return index === -1 ? listed.length : index;
  };
  return [...counts]
    .map(([choice, count]) => ({ choice, count, percent: surveyPercent(count, answered) }))
    .sort(
      (a, b) =>
        b.count - a.count ||
        listedAt(a.choice) - listedAt(b.choice) ||
        (a.choice < b.choice ? -1 : a.choice > b.choice ? 1 : 0),
    );
}

// A user's answer as the answers screen shows it: 'No Answer' when blank or missing.
export function displayAnswer(answer: string | null | undefined): { answer: string; answered: boolean } {
  const text = answer?.trim() ?? '';
  return text === '' ? { answer: NO_ANSWER, answered: false } : { answer: text, answered: true };
}
