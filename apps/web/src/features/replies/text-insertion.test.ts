import { describe, expect, it } from 'vitest';
import { spliceReply } from './text-insertion.ts';

describe('spliceReply', () => {
  it('puts the text in place of the range, with a space after a word, and the caret after it', () => {
    expect(spliceReply('Thanks!', { start: 7, end: 7 }, 'Hi Amy.')).toEqual({ text: 'Thanks! Hi Amy.', caret: 15 });
    expect(spliceReply('', { start: 0, end: 0 }, 'Hi')).toEqual({ text: 'Hi', caret: 2 });
    expect(spliceReply('a XX b', { start: 2, end: 4 }, 'Y')).toEqual({ text: 'a Y b', caret: 3 });
  });

  it('replaces the #title typed while it is still there, else adds at the end', () => {
    expect(spliceReply('Ok #greet', { start: 3, end: 9 }, 'Hi!', '#greet')).toEqual({ text: 'Ok Hi!', caret: 6 });
    expect(spliceReply('Ok #gre and more', { start: 3, end: 9 }, 'Hi!', '#greet')).toEqual({
      text: 'Ok #gre and more Hi!',
      caret: 20,
    });
  });

  it('keeps a range past the end of a shorter reply inside it', () => {
    expect(spliceReply('ab', { start: 5, end: 9 }, 'c')).toEqual({ text: 'ab c', caret: 4 });
  });
});
