import { inArray } from 'drizzle-orm';
import { bulkInsert, employeeRoles, employees, roles, type Executor } from '@portal/db';
import { DEMO_EMAIL, demoAccountEmails, ensureStandardRoles } from '@portal/db/seed';

// The addresses are the database package's (demoAccountEmails), which locks these accounts out
// outside dev; the password is published in the README.
export { DEMO_EMAIL };
export const DEMO_PASSWORD = 'portal-demo';

// Every demo account has an address the product locks out outside dev.
function demoAddress(id: number): string {
  const email = demoAccountEmails[id - 1];
  if (!email) throw new Error(`Demo employee ${id} has no address in demoAccountEmails (@portal/db/seed).`);
  return email;
}

// Employee ids are fixed: the spec gives employee 6 the payment-invalidation power and employee 12
// the escalated-tickets list, and the demo data grants those through roles (convention 4).
export const demoEmployees: ReadonlyArray<{
  id: number;
  email: string;
  name: string;
  roles: string[];
  clearance: number;
}> = [
  {
    id: 1,
    email: DEMO_EMAIL,
    name: 'Demo Supervisor',
    roles: [
      'agent',
      'escalations',
      'payments_admin',
      'loan_adjustments',
      'staff_admin',
      'ssn_reveal',
      'credit_reporting',
      'underwriting',
      'ssn_editor',
      'blog_editor',
      'macro_editor',
      // Lifts duties and builds evidence packs (issue 37), so a newcomer can try every lift.
      'compliance',
      'bankruptcy',
      // Approves the refunds and credits others ask for (issue 41); never the supervisor's own.
      'approver',
    ],
    clearance: 3,
  },
  ...[
    'Maria Delgado',
    'Kevin Tran',
    'Aisha Johnson',
    'Brandon Miller',
    'Sofia Ramirez',
    'Tyler Brooks',
    'Hannah Kim',
    'Marcus Green',
    'Olivia Chen',
    'Derek Washington',
    'Priya Patel',
    'Lauren Foster',
  ].map((name, index) => {
    const id = index + 2;
    // Employee 12, the floor's second supervisor, approves the supervisor's refunds and credits.
    const special = id === 6 ? ['payments_admin', 'loan_adjustments'] : id === 12 ? ['escalations', 'approver'] : [];
    return {
      id,
      email: demoAddress(id),
      name,
      roles: ['agent', ...special],
      clearance: special.length > 0 ? 2 : 1,
    };
  }),
];

export const demoEmployeeIds = demoEmployees.map((employee) => employee.id);

export function employeeFirstName(id: number): string {
  return demoEmployees.find((employee) => employee.id === id)?.name.split(' ')[0] ?? 'Support';
}

// All demo employees share one password, hashed once by the caller (scrypt is slow on purpose).
export async function insertDemoEmployees(db: Executor, passwordHash: string, createdAt: Date): Promise<void> {
  await ensureStandardRoles(db);
  await bulkInsert(
    db,
    employees,
    demoEmployees.map((employee) => ({
      id: employee.id,
      email: employee.email,
      name: employee.name,
      passwordHash,
      clearance: employee.clearance,
      online: false,
      active: true,
      mfaSecret: null,
      mfaPendingSecret: null,
      mfaEnabledAt: null,
      createdAt,
    })),
  );
  const names = [...new Set(demoEmployees.flatMap((employee) => employee.roles))];
  const found = await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.name, names));
  const roleIds = new Map(found.map((role) => [role.name, role.id]));
  await bulkInsert(
    db,
    employeeRoles,
    demoEmployees.flatMap((employee) =>
      employee.roles.map((role) => {
        const roleId = roleIds.get(role);
        if (roleId === undefined) throw new Error(`Unknown role ${role}`);
        return { employeeId: employee.id, roleId };
      }),
    ),
  );
}
