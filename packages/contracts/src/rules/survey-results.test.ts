import { describe, expect, it } from 'vitest';
import { displayAnswer, NO_ANSWER, rankChoices, surveyPercent } from './survey-results.ts';

describe('rankChoices', () => {
  it('orders by count, keeps every listed choice (0 when unchosen) and adds answers the list lacks', () => {
    const ranked = rankChoices(
      ['Very easy', 'Easy', 'Hard', 'Very hard'],
      [
        { choice: 'Easy', count: 3 },
        { choice: 'Very easy', count: 5 },
        { choice: 'Retired choice', count: 1 },
        { choice: 'Hard', count: 1 },
      ],
      10,
    );
    expect(ranked).toEqual([
      { choice: 'Very easy', count: 5, percent: 50 },
      { choice: 'Easy', count: 3, percent: 30 },
      // A tie keeps the listed order; an unlisted answer comes after the listed ones.
      { choice: 'Hard', count: 1, percent: 10 },
      { choice: 'Retired choice', count: 1, percent: 10 },
      { choice: 'Very hard', count: 0, percent: 0 },
    ]);
  });

  it('orders unlisted answers (a text question) by count, then alphabetically', () => {
    const ranked = rankChoices(
      [],
      [
        { choice: 'b', count: 2 },
        { choice: 'c', count: 4 },
        { choice: 'a', count: 2 },
      ],
      8,
    );
    expect(ranked.map((choice) => choice.choice)).toEqual(['c', 'a', 'b']);
  });

  it('has no percentages to give when nobody answered', () => {
    expect(rankChoices(['1', '2'], [], 0)).toEqual([
      { choice: '1', count: 0, percent: 0 },
      { choice: '2', count: 0, percent: 0 },
    ]);
  });
});

describe('surveyPercent', () => {
  it('rounds to one decimal', () => {
    expect(surveyPercent(1, 3)).toBe(33.3);
    expect(surveyPercent(2, 3)).toBe(66.7);
    expect(surveyPercent(3, 3)).toBe(100);
    expect(surveyPercent(0, 0)).toBe(0);
  });
});

describe('displayAnswer', () => {
  it("says 'No Answer' for a blank or missing answer", () => {
    expect(displayAnswer('')).toEqual({ answer: NO_ANSWER, answered: false });
    expect(displayAnswer('   ')).toEqual({ answer: NO_ANSWER, answered: false });
    expect(displayAnswer(null)).toEqual({ answer: NO_ANSWER, answered: false });
    expect(displayAnswer(undefined)).toEqual({ answer: NO_ANSWER, answered: false });
    expect(displayAnswer(' 4 ')).toEqual({ answer: '4', answered: true });
  });
});
