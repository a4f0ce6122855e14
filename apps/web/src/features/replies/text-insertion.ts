// Where an inserted text (a macro, a suggestion) goes in the reply, worked out on the reply as it is
// once the text is ready: a macro's account is read and its form filled in between (decision 061).

export type TextRange = { start: number; end: number };

// The reply with `inserted` in place of the range (the selection, or the #title typed), a space
// before it when it would stick to a word, and where the caret goes after it. `expected` is what
// the range held when the insertion began (the #title): when the agent changed it meanwhile, the
// text goes at the end rather than over something else.
export function spliceReply(
  reply: string,
  range: TextRange,
  inserted: string,
  expected?: string,
): { text: string; caret: number } {
  const stillThere = expected === undefined || reply.slice(range.start, range.end) === expected;
  const start = stillThere ? Math.min(range.start, reply.length) : reply.length;
  const end = stillThere ? Math.min(range.end, reply.length) : reply.length;
  const before = reply.slice(0, start);
  const spacer = before !== '' && !/\s$/.test(before) ? ' ' : '';
  return {
    text: `${before}${spacer}${inserted}${reply.slice(end)}`,
    caret: before.length + spacer.length + inserted.length,
  };
}
