import { dutyAuditCsv, dutyAuditFileName, type DutyAuditResponse } from '@portal/contracts';

// How long the handed-over object URL stays valid: enough for the download to read it.
const OBJECT_URL_LIFETIME_MS = 60_000;

// The report's breaches as a CSV file, the same rows the table shows, saved under the range's name.
// Made from the report already on screen: downloading runs (and audits) nothing again.
export function saveDutyAuditCsv(report: DutyAuditResponse): void {
  const blob = new Blob([dutyAuditCsv(report.breaches)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  const link = document.createElement('a');
  link.href = url;
  link.download = dutyAuditFileName(report.from, report.to);
  link.click();
}
