import file from './metro2-codes.json' with { type: 'json' };

// Metro 2 value sets, copied from the project's reference data (../shared/data/metro2-codes.json;
// its source is named inside), never retyped.
export const metro2 = file;

export type BankruptcyEvent = 'petition' | 'discharge' | 'dismissal';

// The consumer information indicator a bankruptcy implies (Metro 2 field 38): the petition,
// discharge or dismissal of a chapter 7 or 13 case. The letter is looked up by its meaning in the
// reference data ('Petition for Chapter 13 bankruptcy' -> D), so no code is written here by hand.
const MEANINGS: Record<BankruptcyEvent, (chapter: 7 | 13) => RegExp> = {
  petition: (chapter) => new RegExp(`^Petition for Chapter ${chapter} bankruptcy$`),
  discharge: (chapter) => new RegExp(`^Discharged (?:/ completed )?through Chapter ${chapter} bankruptcy$`),
  dismissal: (chapter) => new RegExp(`^Chapter ${chapter} bankruptcy dismissed$`),
};

export function consumerInformationIndicator(
  event: BankruptcyEvent,
  chapter: 7 | 13,
): { code: string; meaning: string } {
  const pattern = MEANINGS[event](chapter);
  const found = Object.entries(metro2.consumer_information_indicator).find(([, meaning]) => pattern.test(meaning));
  if (!found)
    throw new Error(`metro2-codes.json has no consumer information indicator for ${event} of chapter ${chapter}.`);
  return { code: found[0], meaning: found[1] };
}
