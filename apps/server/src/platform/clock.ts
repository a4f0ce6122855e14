// The one source of "now", so tests can move time (session expiry, TOTP steps, rate-limit windows).
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };
