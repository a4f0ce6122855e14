// Free text a customer wrote (a ticket's subject, the first words of their message) can hold an SSN
// or a bank account number. The screens show it as written; a file that leaves the Portal does not:
// every run of nine digits or more (single spaces, dots or dashes between them allowed) keeps its
// last four digits and its separators, the rest become '*' ("123-45-6789" -> "***-**-6789"). Dates
// and amounts have fewer digits; a phone number written in the text is masked too.
const LONG_NUMBER = /\d(?:[ .-]?\d){8,}/g;

export function maskLongNumbers(text: string | null): string | null {
  if (text === null) return null;
  return text.replace(LONG_NUMBER, (run) => {
    let keep = 4;
    return [...run]
      .reverse()
      .map((character) => {
        if (!/\d/.test(character)) return character;
        if (keep > 0) {
          keep -= 1;
          return character;
        }
        return '*';
      })
      .reverse()
      .join('');
  });
}
