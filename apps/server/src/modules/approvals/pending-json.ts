import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { approvals } from '@portal/db';
import { employeeNameOf } from '../session/index.ts';

// A loan's actions waiting for a second employee, as JSON inside the loan card's one query
// (customer-loans-json.ts): oldest first, with who asked.
export const pendingApprovalsJson = (loanId: AnyPgColumn | SQL) =>
  sql`(select coalesce(json_agg(json_build_object('id', ${approvals.id}, 'action', ${approvals.action},
    'summary', ${approvals.summary}, 'madeBy', ${employeeNameOf(approvals.madeBy)}, 'madeAt', ${approvals.madeAt},
    'expiresAt', ${approvals.expiresAt}) order by ${approvals.madeAt}, ${approvals.id}), '[]'::json)
  from ${approvals} where ${approvals.loanId} = ${sql`${loanId}`} and ${approvals.status} = 'pending')`;

export type PendingApprovalJson = {
  id: number;
  action: string;
  summary: string;
  madeBy: string | null;
  madeAt: string;
  expiresAt: string;
};
