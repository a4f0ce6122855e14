import { describe, expect, it } from 'vitest';
import { apiCalls } from './api-calls.ts';
import type { CallDescriptor } from './call.ts';

// Issue 38, item 4: a call's contract lives with its domain's other calls, not in the file of the
// issue that added it. A call's domain shows in the first segment of its path, which one calls
// object owns. The exception is users/: the user page's and the ticket view's calls sit under it
// and are each done by the module owning what they change, so every object of such a module may
// hold users/ calls.
type Domain = keyof typeof apiCalls;

// The path prefixes each calls object (apiCalls key, in its file) owns.
const OWNED_PREFIXES: { readonly [D in Domain]: readonly string[] } = {
  health: ['health', 'livez', 'readyz', 'metrics'], // health.ts: the probes and the metrics
  session: ['employees', 'enable_2fa', 'toggle_online'], // session.ts
  tickets: [
    'tickets',
    'ticket',
    'archive_ticket',
    'unarchive_ticket',
    'escalate_ticket',
    'deescalate_ticket',
    'snooze_ticket',
    'unsnooze_ticket',
    'send_password_reset',
  ], // tickets.ts
  messages: ['send_reply', 'undo_send'], // messages.ts
  customers: ['user_info', 'users'], // customers.ts, customerCalls
  users: ['users'], // customers.ts, userPageCalls
  contactRules: ['users'], // contact-rules.ts
  loans: [
    'loan_info',
    'early_repay',
    'early_repay_balance',
    'payment_date',
    'toggle_payment_method',
    'reopen_approval',
    'smaller_payment',
    'credit_bounce_fee',
    'toggle_ach',
    'users',
  ], // loans.ts
  ach: ['ach'], // ach.ts
  approvals: ['approvals'], // approvals.ts
  loanServicing: ['loans', 'payments'], // loan-servicing.ts
  macros: ['fetch_macros', 'update_macro', 'macro_versions', 'macro_values'], // macros.ts
  documents: ['documents', 'users'], // documents.ts
  letters: ['users'], // letters.ts
  staff: ['staff'], // staff.ts
  ssn: ['users'], // ssn.ts
  transactionEmails: ['users'], // transaction-emails.ts
  disputes: ['disputes_dashboard'], // disputes.ts
  bankruptcyNotices: ['bankruptcy_notices'], // bankruptcy-notices.ts
  creditReporting: ['fcra_dashboard', 'fcra', 'cr_adj'], // credit-reporting.ts
  deadlines: ['deadlines'], // deadlines.ts
  identifications: ['users'], // identifications.ts
  income: ['income'], // income.ts
  customerUploads: ['customer_uploads'], // customer-uploads.ts
  customerApp: ['customer_app'], // customer-app.ts
  blog: ['blog'], // blog.ts
  surveys: ['surveys', 'survey_results', 'survey_response'], // surveys.ts
  analytics: [
    'employee_list',
    'employee_ticket_analytics',
    'total_number_of_conversations',
    'average_first_response_time',
    'adjusted_average_first_response_time',
    'total_outbound_messages',
    'total_inbound_messages',
    'text_email_analytics',
    'auto_response_analytics',
    'update_payment_analytics',
  ], // analytics.ts
  evidencePack: ['users'], // evidence-pack.ts
  dutyAudit: ['duty_audit'], // duty-audit.ts
  live: ['live', 'live_watch'], // live.ts
  listExports: ['exports'], // list-exports.ts
  notes: ['ticket_notes', 'mentions', 'mentions_read'], // notes.ts
  customerTimeline: ['customer_timeline'], // customer-timeline.ts
};

// The only prefix several calls objects share.
const SHARED_PREFIX = 'users';

// Single calls under another object's prefix, by exact path, each with its reason.
const BORROWED_PATHS: { readonly [D in Domain]?: readonly string[] } = {
  // The set-password link of an invitation: staff administration (staff.ts, the staff module),
  // under the employees/ path of the old Devise routes that the session owns.
  staff: ['employees/set_password'],
};

const prefixOf = (path: string) => path.split('/')[0] ?? path;

function callsByDomain(): { domain: Domain; name: string; path: string }[] {
  return (Object.entries(apiCalls) as [Domain, Record<string, CallDescriptor>][]).flatMap(([domain, calls]) =>
    Object.entries(calls).map(([name, call]) => ({ domain, name, path: call.path })),
  );
}

describe('the calls of each domain', () => {
  it('sit in the calls object that owns their path prefix', () => {
    const misplaced = callsByDomain()
      .filter(
        ({ domain, path }) =>
          !OWNED_PREFIXES[domain].includes(prefixOf(path)) && !(BORROWED_PATHS[domain] ?? []).includes(path),
      )
      .map(({ domain, name, path }) => `${domain}.${name}: ${path}`);
    expect(misplaced).toEqual([]);
  });

  it(`split no prefix but ${SHARED_PREFIX}/ across two calls objects`, () => {
    const owners = new Map<string, Set<Domain>>();
    for (const { domain, path } of callsByDomain()) {
      if ((BORROWED_PATHS[domain] ?? []).includes(path)) continue;
      const domains = owners.get(prefixOf(path)) ?? new Set<Domain>();
      owners.set(prefixOf(path), domains.add(domain));
    }
    for (const [domain, prefixes] of Object.entries(OWNED_PREFIXES) as [Domain, readonly string[]][]) {
      for (const prefix of prefixes) owners.set(prefix, (owners.get(prefix) ?? new Set<Domain>()).add(domain));
    }
    const split = [...owners]
      .filter(([prefix, domains]) => prefix !== SHARED_PREFIX && domains.size > 1)
      .map(([prefix, domains]) => `${prefix}: ${[...domains].join(', ')}`);
    expect(split).toEqual([]);
  });

  it('own only prefixes they use, and borrow only paths they hold', () => {
    const used = new Set(callsByDomain().map(({ domain, path }) => `${domain} ${prefixOf(path)}`));
    const held = new Set(callsByDomain().map(({ domain, path }) => `${domain} ${path}`));
    const stale = [
      ...(Object.entries(OWNED_PREFIXES) as [Domain, readonly string[]][]).flatMap(([domain, prefixes]) =>
        prefixes.map((prefix) => `${domain} ${prefix}`).filter((entry) => !used.has(entry)),
      ),
      ...(Object.entries(BORROWED_PATHS) as [Domain, readonly string[]][]).flatMap(([domain, paths]) =>
        paths.map((path) => `${domain} ${path}`).filter((entry) => !held.has(entry)),
      ),
    ];
    expect(stale).toEqual([]);
  });
});
