import type { ServerContext } from '../../context.ts';

// What the duty-audit module takes from the server (decision 045): the part of the context it uses.
export type DutyAuditDeps = Pick<ServerContext, 'db' | 'businessTimeZone' | 'contactRules'>;
