// What a 401 does (sign out, flash the expired message), registered by the app at boot. Kept apart
// from the API client so that registering it does not load the client and the contracts (zod):
// the sign-in screen renders without them.
type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export function notifyUnauthorized(): void {
  unauthorizedHandler?.();
}
