import type { CallDescriptor } from './call.ts';
import { achCalls } from './ach.ts';
import { approvalCalls } from './approvals.ts';
import { customerCalls, userPageCalls } from './customers.ts';
import { customerTimelineCalls } from './customer-timeline.ts';
import { contactRuleCalls } from './contact-rules.ts';
import { bankruptcyNoticeCalls } from './bankruptcy-notices.ts';
import { creditReportingCalls } from './credit-reporting.ts';
import { deadlineCalls } from './deadlines.ts';
import { customerUploadCalls } from './customer-uploads.ts';
import { customerAppCalls } from './customer-app.ts';
import { identificationCalls } from './identifications.ts';
import { incomeCalls } from './income.ts';
import { disputeCalls } from './disputes.ts';
import { documentCalls } from './documents.ts';
import { dutyAuditCalls } from './duty-audit.ts';
import { evidencePackCalls } from './evidence-pack.ts';
import { healthCalls } from './health.ts';
import { letterCalls } from './letters.ts';
import { liveCalls } from './live.ts';
import { listExportCalls } from './list-exports.ts';
import { loanServicingCalls } from './loan-servicing.ts';
import { loanCalls } from './loans.ts';
import { macroCalls } from './macros.ts';
import { blogCalls } from './blog.ts';
import { surveyCalls } from './surveys.ts';
import { analyticsCalls } from './analytics.ts';
import { messageCalls } from './messages.ts';
import { noteCalls } from './notes.ts';
import { sessionCalls } from './session.ts';
import { ssnCalls } from './ssn.ts';
import { staffCalls } from './staff.ts';
import { ticketCalls } from './tickets.ts';
import { transactionEmailCalls } from './transaction-emails.ts';

// Every call of the API by domain, for the checks that each is well-formed and registered once.
// (The inbound webhooks are not JSON calls of ours and are not listed.)
export const apiCalls = {
  health: healthCalls,
  session: sessionCalls,
  tickets: ticketCalls,
  messages: messageCalls,
  customers: customerCalls,
  users: userPageCalls,
  contactRules: contactRuleCalls,
  loans: loanCalls,
  loanServicing: loanServicingCalls,
  ach: achCalls,
  approvals: approvalCalls,
  macros: macroCalls,
  documents: documentCalls,
  letters: letterCalls,
  staff: staffCalls,
  ssn: ssnCalls,
  transactionEmails: transactionEmailCalls,
  disputes: disputeCalls,
  bankruptcyNotices: bankruptcyNoticeCalls,
  creditReporting: creditReportingCalls,
  deadlines: deadlineCalls,
  identifications: identificationCalls,
  income: incomeCalls,
  customerUploads: customerUploadCalls,
  customerApp: customerAppCalls,
  blog: blogCalls,
  surveys: surveyCalls,
  analytics: analyticsCalls,
  evidencePack: evidencePackCalls,
  dutyAudit: dutyAuditCalls,
  live: liveCalls,
  listExports: listExportCalls,
  notes: noteCalls,
  customerTimeline: customerTimelineCalls,
} as const satisfies Record<string, Record<string, CallDescriptor>>;

export type NamedCall = { name: string; call: CallDescriptor };

// 'tickets.getTicket' and its descriptor, for every call.
export function listApiCalls(): NamedCall[] {
  return Object.entries(apiCalls).flatMap(([domain, calls]) =>
    Object.entries(calls).map(([name, call]: [string, CallDescriptor]) => ({ name: `${domain}.${name}`, call })),
  );
}
