import { eq, inArray, sql } from 'drizzle-orm';
import type { Permission } from '@portal/contracts';
import type { Executor } from '../client.ts';
import { hashPassword } from '../password-hash.ts';
import { employeeRoles, employees, roles } from '../schema/index.ts';

// The roles every installation has. The spec's employee-id checks (12 sees escalated tickets,
// 6 may invalidate and validate any payment) become these permissions (convention 4). The lists'
// CSV exports (lists.export) go to the supervisors' and back office's roles, never to plain agents
// (decision 060).
export const standardRoles: ReadonlyArray<{ name: string; permissions: Permission[] }> = [
  { name: 'agent', permissions: [] },
  // Supervisors of the ticket floor: escalated tickets, and the lists' CSV exports (issue 40).
  { name: 'escalations', permissions: ['tickets.view_escalated', 'lists.export'] },
  // Payments operations: validates any payment and records the ACH returns the bank reports.
  { name: 'payments_admin', permissions: ['payments.validate_any', 'payments.record_returns', 'payments.ach_files'] },
  // Money back to the customer or off the balance: refunds, loan credits, settlements.
  { name: 'loan_adjustments', permissions: ['payments.refund', 'loans.credit', 'loans.settle'] },
  { name: 'staff_admin', permissions: ['staff.admin', 'lists.export'] },
  // Sees a customer's whole SSN (each reveal audited with its reason); agents see the last four.
  { name: 'ssn_reveal', permissions: ['customers.reveal_ssn'] },
  // The credit-bureau desk: answers ACDVs and changes what is reported (bankruptcies, adjustments).
  { name: 'credit_reporting', permissions: ['credit_reporting.respond', 'credit_reporting.adjust', 'lists.export'] },
  // Underwriting: decides identification cards and reviews paystubs (spec 001 identifications, income).
  { name: 'underwriting', permissions: ['identity.review', 'income.review'] },
  // Corrects a customer's SSN (the whole number replaced; audited without it).
  { name: 'ssn_editor', permissions: ['customers.edit_ssn'] },
  // The public blog: edits, publishes and uploads images for posts.
  { name: 'blog_editor', permissions: ['content.edit'] },
  // The macros: the texts agents send to customers.
  { name: 'macro_editor', permissions: ['macros.edit'] },
  // Compliance: builds a customer's evidence pack (a CFPB complaint, an examiner's sample) and lifts
  // duties (clears cease, attorney and Do Not Contact flags; records a new debit authorization);
  // runs the duty audit (issue 39); exports lists (issue 40).
  {
    name: 'compliance',
    permissions: ['customers.evidence_pack', 'customers.lift_duties', 'compliance.duty_audit', 'lists.export'],
  },
  // The second pair of eyes on money and identity (issue 41): approves or rejects another employee's
  // refunds, credits, settlements, invalidations and SSN changes, never their own.
  { name: 'approver', permissions: ['approvals.decide'] },
  // The bankruptcy desk: uploads notices, which are matched to customers by their SSN.
  { name: 'bankruptcy', permissions: ['bankruptcy.create_notices', 'lists.export'] },
];

export async function ensureStandardRoles(db: Executor): Promise<void> {
  await db
    .insert(roles)
    .values(standardRoles.map((role) => ({ name: role.name, permissions: role.permissions })))
    .onConflictDoNothing({ target: roles.name });
}

export type NewEmployee = {
  id?: number;
  email: string;
  name?: string;
  password?: string;
  // A ready hash, so that a generator making many employees hashes the shared password once.
  passwordHash?: string;
  roles?: string[];
  clearance?: number;
  online?: boolean;
};

export const DEFAULT_TEST_PASSWORD = 'correct horse battery staple';

export async function createEmployee(db: Executor, input: NewEmployee) {
  await ensureStandardRoles(db);
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password ?? DEFAULT_TEST_PASSWORD));
  const [employee] = await db
    .insert(employees)
    .values({
      ...(input.id === undefined ? {} : { id: input.id }),
      email: input.email,
      name: input.name ?? input.email.split('@')[0] ?? input.email,
      passwordHash,
      clearance: input.clearance ?? 1,
      online: input.online ?? false,
    })
    .returning();
  if (!employee) throw new Error('createEmployee: insert returned nothing');
  const roleNames = input.roles ?? ['agent'];
  if (roleNames.length > 0) {
    const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.name, roleNames));
    if (found.length !== roleNames.length) throw new Error(`createEmployee: unknown role in ${roleNames.join(', ')}`);
    await db.insert(employeeRoles).values(found.map((role) => ({ employeeId: employee.id, roleId: role.id })));
  }
  return employee;
}

export async function findEmployeeByEmail(db: Executor, email: string) {
  const [employee] = await db
    .select()
    .from(employees)
    .where(eq(sql`lower(${employees.email})`, email.toLowerCase()));
  return employee;
}
