// The session module's public face: other modules import from here, never from its other files.
import type { SessionService } from './service.ts';

export type { SessionService } from './service.ts';

// What staff administration may do to other employees' sessions.
export type SessionAdministration = Pick<
  SessionService,
  'endEmployeeSessions' | 'endSession' | 'announceEmployeeChange' | 'forgetEmployee'
>;

// The employee accounts (employees, roles): staff administration's commands, and the name of the
// employee a record points to for every module that shows who did something.
export {
  clearEmployeeMfa,
  employeeNameOf,
  findEmployeeNames,
  insertEmployee,
  replaceEmployeeRoles,
  setEmployeeActive,
  setEmployeePasswordHash,
} from './employee-accounts.ts';
