// The session module's public face: other modules import from here, never from its other files.
import type { SessionService } from './service.ts';

export type { SessionService } from './service.ts';

// What staff administration may do to other employees' sessions.
export type SessionAdministration = Pick<
  SessionService,
  'endEmployeeSessions' | 'endSession' | 'announceEmployeeChange' | 'forgetEmployee'
>;
