import { dateInTimeZone, type LoanInfo, type Ticket, type UserInfo } from '@portal/contracts';
import type { TicketsDeps } from './deps.ts';
import { createExpiringValue } from '../../platform/expiring-value.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import { leaseUntil, renewalThreshold } from '../../platform/work-queue.ts';
import { toLoanInfo, type LoanInfoContext } from '../loans/index.ts';
import { findActiveMacroTexts } from '../macros/index.ts';
import { bankNumbersBoxIfConfigured, toUserInfo } from '../customers/index.ts';
import { analyzeLoans, eligibleMethods, suggestionState } from './assemble-ticket.ts';
import type { Actor } from '../../platform/actor.ts';
import * as details from './detail-repository.ts';
import { TICKET_ERRORS } from './messages.ts';
import { ticketQueue } from './ticket-queue.ts';
import { suggestReplies, type MacroText } from './suggest.ts';
import { toSlaClock, toTicketSnooze, toWireMessage } from './wire.ts';

// Macro texts change rarely and every ticket view reads them for the suggestions.
const MACRO_TEXTS_TTL_MS = 5_000;

export function createTicketViewService(context: TicketsDeps) {
  const { db, clock } = context;
  const bankBox = bankNumbersBoxIfConfigured(context);
  const macroTexts = createExpiringValue<MacroText[]>(MACRO_TEXTS_TTL_MS, clock);

  // Takes or renews the caller's lease unless it is fresh; answers the holder's name afterwards,
  // and the ticket as it is then.
  async function leaseForCaller(
    caller: Actor,
    view: details.TicketViewRow,
    now: Date,
  ): Promise<{ holderName: string | null; ticket: details.TicketViewRow['ticket'] }> {
    const { ticket } = view;
    const until = leaseUntil(now, context.ticketLeaseMinutes);
    const mineAndFresh =
      ticket.assignedTo === caller.employeeId &&
      ticket.leaseExpiresAt !== null &&
      ticket.leaseExpiresAt >= renewalThreshold(now, until);
    if (mineAndFresh) return { holderName: view.holderName, ticket };
    await ticketQueue.assertNotHeldByOther(db, ticket, caller.employeeId, now, view.holderName);
    if (await ticketQueue.takeLease(db, ticket.id, caller.employeeId, now, until))
      return { holderName: caller.name, ticket };
    // Someone took it between our read and our write: read again to name them. Held by nobody, it
    // was closed meanwhile: answered as it is now (closed), not as the open ticket first read.
    const again = await details.findTicketView(db, ticket.id);
    if (again) await ticketQueue.assertNotHeldByOther(db, again.ticket, caller.employeeId, now, again.holderName);
    return { holderName: again?.holderName ?? null, ticket: again?.ticket ?? ticket };
  }

  // GET ticket: the whole ticket. Without preview the caller takes (or renews) the lease, as
  // opening a ticket from the queue means working it; a preview only reads. One read, plus a lease
  // write unless the caller already holds a fresh lease, whatever the number of loans and payments.
  async function getTicket(caller: Actor, ticketId: number, preview: boolean): Promise<Ticket> {
    const now = clock.now();
    const [detail, macros] = await Promise.all([
      details.findTicketDetail(db, ticketId),
      macroTexts.get('active', () => findActiveMacroTexts(db)),
    ]);
    if (!detail) throw notFound(TICKET_ERRORS.notFound(ticketId));
    const { view, thread, customerMessages, comments, loans } = detail;
    const working = !preview && view.ticket.state === 'open';
    const leased = working ? await leaseForCaller(caller, view, now) : null;
    const ticket = leased?.ticket ?? view.ticket;
    const holderName = leased ? leased.holderName : view.holderName;
    const leaseLive =
      (leased !== null && ticket.state === 'open') || (ticket.leaseExpiresAt !== null && ticket.leaseExpiresAt > now);

    const profile: details.CustomerProfileRow | null = view.customer ? { ...view, customer: view.customer } : null;
    const toMessages = (rows: readonly details.ThreadRow[]) =>
      rows.map((row) => toWireMessage(row.message, row.employeeName));
    // Unlinked tickets have no customer history; their own thread fills the panels.
    const history = profile ? customerMessages : thread;
    const loanContext = loanContextFor(profile, now);
    const guesses = suggestReplies({
      words: latestCustomerWords(thread, ticket.subject),
      state: profile ? suggestionState(profile, loans) : null,
      macros: profile ? macros : [],
    });

    return {
      id: ticket.id,
      user_id: ticket.customerId,
      channel: ticket.channel,
      contact: ticket.contact,
      subject: ticket.subject,
      state: ticket.state,
      archived: ticket.archivedAt?.toISOString() ?? null,
      escalated: ticket.escalatedAt?.toISOString() ?? null,
      snooze: toTicketSnooze({ ...ticket, snoozedByName: view.snoozedByName }),
      sla: toSlaClock({ ...ticket, slaTargetSeconds: view.slaTargetSeconds }),
      created_at: ticket.createdAt.toISOString(),
      assigned_to: leaseLive ? holderName : null,
      user: profile ? toUserInfo(profile, comments, bankBox) : null,
      details: {
        first_name: profile?.customer.firstName ?? null,
        last_name: profile?.customer.lastName ?? null,
        email: profile?.customer.email ?? null,
        inboundTexts: toMessages(history.filter((row) => row.message.type === 'text')),
        inboundEmails: toMessages(history.filter((row) => row.message.type === 'email')),
        all_emails: profile?.emails ?? [],
        guesses,
        last_escalated_by: view.escalatedByName,
      },
      messages: toMessages(thread),
      analysis: analyzeLoans(
        loans.map(({ loan }) => loan),
        now,
      ),
      loans: loanInfoById(loans, loanContext),
    };
  }

  // The ticket's customer, for the spec's GET user_info {id}: a read, no lease.
  async function findTicketCustomer(ticketId: number): Promise<details.CustomerProfileRow> {
    const view = await details.findTicketView(db, ticketId);
    if (!view) throw notFound(TICKET_ERRORS.notFound(ticketId));
    if (!view.customer) throw conflict(TICKET_ERRORS.notLinked(ticketId));
    return { ...view, customer: view.customer };
  }

  async function getUserInfo(ticketId: number): Promise<UserInfo> {
    const profile = await findTicketCustomer(ticketId);
    return toUserInfo(profile, await details.findCustomerComments(db, profile.customer.id), bankBox);
  }

  // GET loan_info {id}: the loans of the ticket's customer, as GET ticket carries them.
  async function getLoanInfo(ticketId: number): Promise<{ loans: Record<string, LoanInfo> }> {
    const profile = await findTicketCustomer(ticketId);
    return {
      loans: loanInfoById(
        await details.findCustomerLoans(db, profile.customer.id),
        loanContextFor(profile, clock.now()),
      ),
    };
  }

  function loanContextFor(profile: details.CustomerProfileRow | null, now: Date): LoanInfoContext {
    return {
      today: dateInTimeZone(now, context.businessTimeZone),
      timeZone: context.businessTimeZone,
      eligibleMethods: profile ? eligibleMethods(profile) : [],
    };
  }

  return { getTicket, getUserInfo, getLoanInfo };
}

function loanInfoById(
  loans: readonly details.LoanWithPayments[],
  loanContext: LoanInfoContext,
): Record<string, LoanInfo> {
  return Object.fromEntries(loans.map((entry) => [String(entry.loan.id), toLoanInfo(entry, loanContext)]));
}

// The customer's words since our last reply (what the agent is answering), and the email subject,
// which often names the request.
export function latestCustomerWords(
  thread: ReadonlyArray<{ message: { inbound: boolean; type: string; body: string } }>,
  subject: string | null,
): string[] {
  let start = 0;
  thread.forEach((row, index) => {
    if (!row.message.inbound && row.message.type !== 'notification') start = index + 1;
  });
  const words = thread.slice(start).flatMap((row) => (row.message.inbound ? [row.message.body] : []));
  return subject ? [subject, ...words] : words;
}
