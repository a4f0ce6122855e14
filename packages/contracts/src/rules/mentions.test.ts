import { describe, expect, it } from 'vitest';
import { findMentionTokens, handleOfEmail, mentionHandlesOf, noteSegments } from './mentions.ts';

describe('@mentions', () => {
  it('reads handles with the punctuation that ends a sentence left out, lowercased', () => {
    expect(mentionHandlesOf('@Agent8 please call back. Thanks @ann.lee.')).toEqual(['agent8', 'ann.lee']);
    expect(mentionHandlesOf('(@bob), @carol-ann; @dee_dee!')).toEqual(['bob', 'carol-ann', 'dee_dee']);
    expect(mentionHandlesOf('@bob and @BOB again')).toEqual(['bob']);
  });

  it('does not read an email address or a lone @ as a mention', () => {
    expect(mentionHandlesOf('The customer wrote from pat@example.com and @pat@example.com')).toEqual([]);
    expect(mentionHandlesOf('Meet @ 3 pm, or @-')).toEqual([]);
    expect(mentionHandlesOf('a@b')).toEqual([]);
  });

  it('knows where each mention stands', () => {
    expect(findMentionTokens('Hi @bob.')).toEqual([{ handle: 'bob', start: 3, end: 7 }]);
  });

  it('takes the handle from the part of an email before the @', () => {
    expect(handleOfEmail('Ann.Lee@Portal.example')).toBe('ann.lee');
  });

  it('cuts a note into plain text and the resolved mentions only', () => {
    expect(noteSegments('@bob ask @nobody about it', new Set(['bob']))).toEqual([
      { text: '@bob', mention: 'bob' },
      { text: ' ask @nobody about it', mention: null },
    ]);
    expect(noteSegments('No mentions', new Set())).toEqual([{ text: 'No mentions', mention: null }]);
  });
});
