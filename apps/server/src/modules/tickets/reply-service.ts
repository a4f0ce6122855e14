import { unfilledVariablesError, type CallBody, type messageCalls, type SendReplyResponse } from '@portal/contracts';
import type { TicketsDeps } from './deps.ts';
import { recordChange } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/http-error.ts';
import { commitMessage } from '../../platform/message-commit.ts';
import { findLatestInboundEmailId, markInboundProcessed } from '../../platform/message-store.ts';
import { findIdempotentMessage, queuedMessageSentence, queueOutboundMessage } from '../../platform/outbound.ts';
import { clearContact } from '../contact-rules/index.ts';
import { findCustomer } from '../customers/index.ts';
import { macroPurposeOf } from '../macros/index.ts';
import type { Actor } from '../../platform/actor.ts';
import { TICKET_ERRORS } from './messages.ts';
import { updateTicket } from './repository.ts';
import { closeValues, lockWorkableTicket, ticketSnapshot } from './state-service.ts';
import { toWireMessage } from './wire.ts';

export const DEFAULT_REPLY_SUBJECT = 'Your message to Portal support';
export const PASSWORD_RESET_SUBJECT = 'Reset your password';

// send_reply's body as its contract parsed it.
export type ReplyInput = CallBody<typeof messageCalls.sendReply>;

export function replySubject(subject: string | null): string {
  const trimmed = subject?.trim() ?? '';
  if (trimmed === '') return DEFAULT_REPLY_SUBJECT;
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

export function createReplyService(context: TicketsDeps, onChange: () => void) {
  const { db, clock } = context;
  // Until when a reply queued now may be undone (no window: it may leave at once).
  const undoUntil = (queuedAt: Date) =>
    context.undoSendSeconds > 0 ? new Date(queuedAt.getTime() + context.undoSendSeconds * 1000) : null;

  // The reply is written to the outbox, the customer's messages marked answered and the ticket
  // closed in one transaction; the answer is the message as committed (In outbox), and the outbox's
  // worker, nudged, sends it: a slow or silent provider never holds the request (decision 019).
  // The same Idempotency-Key again answers the reply already queued.
  async function sendReply(
    caller: Actor,
    input: ReplyInput,
    idempotencyKey: string | null = null,
  ): Promise<SendReplyResponse> {
    // A macro's variable left in the reply ({payoff_amount}, {?callback time}, an unknown {name}):
    // refused with the reply box's own sentence before anything is read or written (decision 061).
    const unfilled = unfilledVariablesError(input.reply);
    if (unfilled) throw badRequest(unfilled);
    const now = clock.now();
    const queued = await commitMessage(db, async (tx) => {
      const earlier = await findIdempotentMessage(tx, caller.employeeId, idempotencyKey);
      if (earlier) {
        if (earlier.ticketId !== input.id) throw conflict(TICKET_ERRORS.idempotencyKeyReused);
        return earlier;
      }
      const ticket = await lockWorkableTicket(tx, input.id, caller, now);
      if (ticket.state === 'closed') throw conflict(TICKET_ERRORS.alreadyClosed(ticket.id));
      const macroPurpose = input.macro_id ? await macroPurposeOf(tx, input.macro_id) : undefined;
      if (input.macro_id && !macroPurpose) throw badRequest(TICKET_ERRORS.unknownMacro(input.macro_id));
      const clearance = await clearContact(tx, context, {
        customerId: ticket.customerId,
        ticketId: ticket.id,
        channel: ticket.channel,
        path: 'ticket_reply',
        macroPurpose: macroPurpose ?? null,
        chosenPurpose: input.purpose ?? null,
        to: ticket.contact,
        employeeId: caller.employeeId,
        ipAddress: caller.ipAddress,
      });
      const email = ticket.channel === 'email';
      const message = await queueOutboundMessage(
        tx,
        {
          type: ticket.channel,
          to: ticket.contact,
          subject: email ? replySubject(ticket.subject) : null,
          body: input.reply,
          ticketId: ticket.id,
          customerId: ticket.customerId,
          employeeId: caller.employeeId,
          macroId: input.macro_id ?? null,
          filterId: input.filter_id ?? null,
          inReplyTo: email ? await findLatestInboundEmailId(tx, ticket.id) : null,
          idempotencyKey,
          clearance,
          notBefore: undoUntil(now),
        },
        now,
      );
      const answered = await markInboundProcessed(tx, ticket.id, message.id);
      const closed = await updateTicket(tx, ticket.id, closeValues(caller.employeeId, now));
      await recordChange(tx, caller, 'ticket.reply_sent', ['ticket', ticket.id], {
        before: ticketSnapshot(ticket),
        after: {
          ...ticketSnapshot(closed),
          messageId: message.id,
          macroId: message.macroId,
          answeredMessages: answered,
        },
      });
      return message;
    });
    onChange();
    context.outbox.nudge();
    const until = undoUntil(queued.createdAt);
    return {
      ticket_id: input.id,
      message: toWireMessage(queued, caller.name),
      undo_until: until && until > clock.now() ? until.toISOString() : null,
    };
  }

  // Emails the ticket's customer how to reset their password in the customer app. No link or token
  // is made here: the email also lands in the ticket's thread, which every agent can read, and a
  // usable reset link there would let staff take over the account. The app sends the code itself.
  async function sendPasswordReset(
    caller: Actor,
    ticketId: number,
  ): Promise<{ message: string; held_until: string | null }> {
    const now = clock.now();
    const queued = await commitMessage(db, async (tx) => {
      const ticket = await lockWorkableTicket(tx, ticketId, caller, now);
      const customer = ticket.customerId === null ? undefined : await findCustomer(tx, ticket.customerId);
      if (!customer) throw conflict(TICKET_ERRORS.noCustomer);
      const clearance = await clearContact(tx, context, {
        customerId: customer.id,
        ticketId: ticket.id,
        channel: 'email',
        path: 'password_reset',
        to: customer.email,
        employeeId: caller.employeeId,
        ipAddress: caller.ipAddress,
      });
      const message = await queueOutboundMessage(
        tx,
        {
          type: 'email',
          to: customer.email,
          subject: PASSWORD_RESET_SUBJECT,
          body: passwordResetBody(customer.firstName, customer.email),
          ticketId: ticket.id,
          customerId: customer.id,
          employeeId: caller.employeeId,
          clearance,
        },
        now,
      );
      await recordChange(tx, caller, 'customer.password_reset_sent', ['customer', customer.id], {
        after: { ticketId: ticket.id, messageId: message.id, to: customer.email },
      });
      return message;
    });
    // Committed to the outbox, which sends it (the thread shows it retrying or undelivered).
    context.outbox.nudge();
    // The spec's words when it goes out now; never "sent" while it is held.
    return queued.heldSentence === null
      ? { message: 'Instructions sent.', held_until: null }
      : { message: queuedMessageSentence(queued), held_until: queued.heldUntil?.toISOString() ?? null };
  }

  return { sendReply, sendPasswordReset };
}

export function passwordResetBody(firstName: string, email: string): string {
  return [
    `Hi ${firstName},`,
    '',
    'You asked us how to reset the password of your account. In the app, tap Sign in, then',
    `"Forgot password?", and enter this email address (${email}). The app sends you a one-time code`,
    'to choose a new password.',
    '',
    'We will never ask you for your password or that code. If you did not ask for this, you can ignore this email.',
  ].join('\n');
}
