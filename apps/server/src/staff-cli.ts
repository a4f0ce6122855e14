// npm run staff -- add EMAIL --name NAME --role ROLE [--role ROLE ...]
// The first staff administrator of a fresh install (and anyone after, without the web page): makes
// the employee with the roles given and prints a one-time set-password link (24 hours). Reads the
// same configuration as the server (DATABASE_URL or DATA_DIR, PUBLIC_URL, PORT). On PGlite, run it
// while the server is stopped: one process at a time opens a PGlite directory.
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '@portal/db';
import { ensureStandardRoles, standardRoles } from '@portal/db/seed';
import { loadConfig } from './config.ts';
import { createInvitedEmployee, setPasswordLink } from './modules/staff/index.ts';
import { recordAuditEvent } from './platform/audit.ts';
import { HttpError } from './platform/http-error.ts';

const USAGE = `Usage: npm run staff -- add EMAIL --name NAME --role ROLE [--role ROLE ...]
Roles: ${standardRoles.map((role) => role.name).join(', ')} (staff_admin opens /admin/staff).`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { positionals, values } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { name: { type: 'string' }, role: { type: 'string', multiple: true } },
    });
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
})();

const [command, email] = positionals;
if (command !== 'add' || !email || positionals.length !== 2) fail(USAGE);
if (!values.name?.trim()) fail(`--name is required.\n${USAGE}`);
if (!values.role || values.role.length === 0) fail(`At least one --role is required.\n${USAGE}`);
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`${email} is not an email address.`);

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrateDatabase(database);
  const now = new Date();
  const created = await database.db.transaction(async (tx) => {
    await ensureStandardRoles(tx);
    const invited = await createInvitedEmployee(tx, {
      email,
      name: values.name ?? '',
      roles: values.role ?? [],
      createdBy: null,
      now,
    });
    await recordAuditEvent(tx, {
      employeeId: null,
      action: 'staff.employee_invited',
      entityType: 'employee',
      entityId: invited.employee.id,
      after: { email: invited.employee.email, name: invited.employee.name, roles: invited.roles, via: 'cli' },
    });
    return invited;
  });
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  console.log(
    `Employee ${created.employee.id} ${created.employee.name} <${created.employee.email}>: ${created.roles.join(', ')}.`,
  );
  console.log(`Set-password link (works once, until ${created.expiresAt.toISOString()}):`);
  console.log(setPasswordLink(base, created.token));
} catch (error) {
  if (error instanceof HttpError) fail(error.errors.join(' '));
  throw error;
} finally {
  await database.close();
}
