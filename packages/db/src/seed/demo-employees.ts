import { inArray } from 'drizzle-orm';
import { bulkInsert } from '../bulk-insert.ts';
import type { Executor } from '../client.ts';
import { employeeRoles, employees, roles } from '../schema/index.ts';
import { ensureStandardRoles } from './employees.ts';

export const DEMO_EMAIL = 'demo@portal.example';
export const DEMO_PASSWORD = 'portal-demo';

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
    const special = id === 6 ? ['payments_admin', 'loan_adjustments'] : id === 12 ? ['escalations'] : [];
    return {
      id,
      email: `agent${index + 1}@portal.example`,
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
