import { useMutation } from '@tanstack/react-query';
import { dutyAuditCalls, type DutyAuditQuery } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';

// GET duty_audit {from, to}: the report of a range. Every run is audited by the server (who, range,
// breach count), so it runs when asked, as a mutation, never on its own or from a cache.
export function runDutyAudit(range: DutyAuditQuery) {
  return callApi(dutyAuditCalls.dutyAudit, { query: range });
}

export function useRunDutyAudit() {
  return useMutation({ mutationFn: runDutyAudit });
}
