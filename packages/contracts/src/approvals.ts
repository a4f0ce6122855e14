import { z } from 'zod';
import { defineCall, needs } from './call.ts';
import { bigDatabaseIdSchema } from './primitives.ts';
import { APPROVAL_ACTIONS } from './rules/approvals.ts';

// Four eyes (issue 41, decision 069): the actions that wait for a second employee, the inbox of
// those with approvals.decide, and their decisions.

// The answer to an action held for a second employee (four eyes, decision 069): the server words
// it here, and the screens know it by the same words, to show it as waiting, not as done.
const AWAITING_APPROVAL = ' is awaiting approval: ';
export function awaitingApprovalSentence(summary: string, expiresOn: string): string {
  return `${summary}${AWAITING_APPROVAL}a second employee with the approver role decides it in Approvals (it expires on ${expiresOn} if nobody does).`;
}
export function isAwaitingApproval(message: string): boolean {
  return message.includes(AWAITING_APPROVAL);
}

export const approvalSchema = z.object({
  id: z.number(),
  action: z.enum(APPROVAL_ACTIONS),
  status: z.enum(['pending', 'approved', 'rejected', 'expired']),
  // "Refund of payment 12 ($150.00)".
  summary: z.string(),
  // Dollars, when the action has an amount.
  amount: z.number().nullable(),
  loan_id: z.number().nullable(),
  customer_id: z.number().nullable(),
  made_by: z.string().nullable(),
  made_by_id: z.number(),
  made_at: z.string(),
  expires_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  note: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalsResponseSchema = z.object({ approvals: z.array(approvalSchema), pending_count: z.number() });
export type ApprovalsResponse = z.infer<typeof approvalsResponseSchema>;

export const approvalIdParamsSchema = z.object({ id: bigDatabaseIdSchema });

export const APPROVAL_NOTE_MAX = 500;
export const rejectApprovalRequestSchema = z.object({
  note: z
    .string({ error: 'Say why the action is rejected.' })
    .trim()
    .min(3, 'Say why the action is rejected.')
    .max(APPROVAL_NOTE_MAX, `The reason can be at most ${APPROVAL_NOTE_MAX} characters.`),
});

export const approvalDecisionResponseSchema = z.object({ message: z.string(), approval: approvalSchema });
export type ApprovalDecisionResponse = z.infer<typeof approvalDecisionResponseSchema>;

export const approvalCalls = {
  // The inbox: the actions waiting, oldest first, and how many.
  listApprovals: defineCall({
    method: 'GET',
    path: 'approvals',
    access: needs('approvals.decide'),
    response: approvalsResponseSchema,
  }),
  // Carries the action out, as its maker asked, with the rules as they stand now.
  approve: defineCall({
    method: 'POST',
    path: 'approvals/:id/approve',
    access: needs('approvals.decide'),
    params: approvalIdParamsSchema,
    response: approvalDecisionResponseSchema,
  }),
  reject: defineCall({
    method: 'POST',
    path: 'approvals/:id/reject',
    access: needs('approvals.decide'),
    params: approvalIdParamsSchema,
    body: rejectApprovalRequestSchema,
    response: approvalDecisionResponseSchema,
  }),
};
