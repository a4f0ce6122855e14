import { DutyAuditPage } from '../../features/duty-audit/components/duty-audit-page.tsx';

// /duty_audit (issue 39): compliance's duty audit (compliance.duty_audit; screen-access.ts).
export function DutyAuditRoute() {
  return <DutyAuditPage />;
}
