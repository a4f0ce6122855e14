import { sessionResponseSchema } from '@portal/contracts';
import { readStoredSessionFields, setRestoredSession } from './session.ts';

// Reads the session stored in the cookies, checked against its contract: damaged or outdated
// cookies count as signed out. The app calls it at boot when a session is stored (main.tsx); this
// module is apart from lib/session.ts because it needs zod, which the sign-in screen does without.
export function restoreSession(): void {
  const fields = readStoredSessionFields();
  const parsed = fields === null ? null : sessionResponseSchema.safeParse(fields);
  setRestoredSession(parsed?.success ? parsed.data : null);
}
