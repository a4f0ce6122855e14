import type { Permission } from '@portal/contracts';

// The screens a permission opens (decision 037), the one table the navbar and the router read: a
// menu shows only the screens the employee may use, and a screen opened by URL without the
// permission shows the "Not available to you" page, not a form that refuses on Submit. The server
// decides again on every call; this only spares staff a screen they cannot use.
export const screenAccess: Readonly<Record<string, readonly [Permission, ...Permission[]]>> = {
  '/fcra': ['credit_reporting.respond'],
  '/acdv': ['credit_reporting.respond'],
  '/cr_adj': ['credit_reporting.adjust'],
  '/identifications': ['identity.review'],
  '/income': ['income.review'],
  '/blog_post': ['content.edit'],
  '/macros': ['macros.edit'],
  '/admin/staff': ['staff.admin'],
  '/duty_audit': ['compliance.duty_audit'],
  '/approvals': ['approvals.decide'],
  '/ach': ['payments.ach_files', 'payments.record_returns'],
  '/tickets/escalated': ['tickets.view_escalated'],
};

export function mayOpen(path: string, held: readonly Permission[] | undefined): boolean {
  const anyOf = screenAccess[path];
  return anyOf === undefined || anyOf.some((permission) => held?.includes(permission) ?? false);
}
