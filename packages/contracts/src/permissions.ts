// What an employee may do beyond working the ticket queue (decisions 005 and 037). Employees hold
// roles and roles hold these permissions; each call's descriptor declares the one it needs
// (call.ts, `access`), the server refuses a caller without it before the handler runs, and the web
// app shows a screen or control only to its holders.
//
// Each permission says, for the role picker, what it allows, and, for the refusal, who may do it.
export const permissionInfo = {
  'tickets.view_escalated': {
    allows: 'sees and de-escalates escalated tickets',
    refusal: 'Only staff who work escalated tickets (the escalations role) can see or de-escalate escalated tickets.',
  },
  'payments.validate_any': {
    allows: 'may invalidate and validate any payment',
    refusal: 'Only a payments admin (the payments_admin role) can do this.',
  },
  'staff.admin': {
    allows: 'administers staff (Admin, Staff)',
    refusal: 'Staff administration is for staff administrators only.',
  },
  'customers.reveal_ssn': {
    allows: "may reveal a customer's whole SSN and search by it (audited)",
    refusal:
      "Only employees allowed to reveal SSNs (the ssn_reveal role) can see or search a customer's whole SSN; everyone else sees the last four digits. Ask a staff administrator if your work needs it.",
  },
  'customers.edit_ssn': {
    allows: "may correct a customer's SSN",
    refusal: "Only employees allowed to correct SSNs (the ssn_editor role) can change a customer's SSN.",
  },
  'payments.refund': {
    allows: 'may refund a payment',
    refusal: 'Refunding a payment needs the refund permission (role loan_adjustments).',
  },
  'loans.credit': {
    allows: 'may credit a loan',
    refusal: 'Crediting a loan needs the credit permission (role loan_adjustments).',
  },
  'loans.settle': {
    allows: 'may settle a loan',
    refusal: 'Settling a loan needs the settlement permission (role loan_adjustments).',
  },
  'credit_reporting.respond': {
    allows: 'answers ACDV requests from the credit bureaus',
    refusal: 'Only employees on the credit reporting desk (the credit_reporting role) can answer ACDV requests.',
  },
  'credit_reporting.adjust': {
    allows: 'changes what is reported to the credit bureaus (bankruptcies, adjustments, the 103 mailer)',
    refusal:
      'Only employees on the credit reporting desk (the credit_reporting role) can change what is reported to the credit bureaus.',
  },
  'identity.review': {
    allows: 'decides identification cards',
    refusal: 'Only underwriting (the underwriting role) can review identifications.',
  },
  'income.review': {
    allows: 'verifies income from paystubs',
    refusal: 'Only underwriting (the underwriting role) can review income.',
  },
  'content.edit': {
    allows: 'edits and publishes blog posts',
    refusal: 'Only blog editors (the blog_editor role) can change blog posts.',
  },
  'macros.edit': {
    allows: 'edits the macros agents send to customers',
    refusal: 'Only macro editors (the macro_editor role) can change macros.',
  },
  'payments.record_returns': {
    allows: 'records the ACH returns the bank reports',
    refusal: 'Only a payments admin (the payments_admin role) can record ACH returns.',
  },
  'payments.ach_files': {
    allows: 'builds and downloads the ACH files that send debits and refunds to the bank (audited)',
    refusal: 'Only a payments admin (the payments_admin role) can build or download ACH files.',
  },
  'approvals.decide': {
    allows:
      "approves or rejects another employee's refunds, credits, settlements, invalidations and SSN changes (never their own; audited)",
    refusal: 'Only approvers (the approver role) can approve or reject actions waiting for a second employee.',
  },
  'customers.evidence_pack': {
    allows: "builds a customer's evidence pack (everything we hold on them, audited)",
    refusal: "Only compliance staff (the compliance role) can build a customer's evidence pack.",
  },
  'customers.lift_duties': {
    allows:
      'lifts a duty: clears a cease, attorney or Do Not Contact flag, records the debit authorization that ends a debit stop (audited, with a reason)',
    refusal:
      'Only compliance staff (the compliance role) can lift a duty: clear a cease, attorney or Do Not Contact flag, or record a new debit authorization.',
  },
  'compliance.duty_audit': {
    allows:
      'runs the duty audit: every message delivered and debit presented in a range, checked against the duties then in force (audited)',
    refusal: 'Only compliance staff (the compliance role) can run the duty audit.',
  },
  'lists.export': {
    allows:
      'exports the lists it can see (disputes, notices, survey answers, staff, archived and escalated tickets) as CSV (audited)',
    refusal:
      'Exporting a list needs the export permission (supervisors and back office: the escalations, staff_admin, compliance, credit_reporting or bankruptcy role). Ask a staff administrator if your work needs it.',
  },
  'bankruptcy.create_notices': {
    allows: 'uploads bankruptcy notices (matched to customers by their SSN)',
    refusal:
      'Only the bankruptcy desk (the bankruptcy role) can upload bankruptcy notices: they are matched to customers by their SSN.',
  },
} as const satisfies Record<string, { allows: string; refusal: string }>;

export type Permission = keyof typeof permissionInfo;

export const permissions = Object.keys(permissionInfo) as [Permission, ...Permission[]];

export function permissionRefusal(permission: Permission): string {
  return permissionInfo[permission].refusal;
}
