// One key per composed message, sent as its Idempotency-Key: the same on every retry of that
// message (a lost answer, a 503), a new one once it is sent. The server takes 8 to 100 letters,
// digits, '-', '_' or ':'; a random UUID is one.
export function newComposeKey(): string {
  return crypto.randomUUID();
}
