/// <reference lib="es2024.string" />

// A customer's message is kept whatever bytes it carries: a webhook that answers 500 is retried by
// the relay or Twilio for ever. PostgreSQL text cannot hold a NUL, and JSONB (the audit) refuses a
// lone surrogate (half of a UTF-16 pair, which a UTF-16 encoded word or part can decode to), so
// NULs are dropped and a lone surrogate becomes U+FFFD, the replacement character.
export function cleanText(text: string): string {
  const withoutNul = text.includes('\0') ? text.replaceAll('\0', '') : text;
  return withoutNul.isWellFormed() ? withoutNul : withoutNul.toWellFormed();
}
