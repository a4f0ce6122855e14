import type { CustomerUploadKind } from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { CustomerDocumentsDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { notFound } from '../../platform/http-error.ts';
import { queueOutboundMessage, type MessageRecord, type QueuedMessage } from '../../platform/outbound.ts';
import { clearanceOf, decideContact } from '../contact-rules/index.ts';
import { findCustomer } from '../customers/index.ts';
import { updateLoan } from '../loans/index.ts';
import { findOpenTicketIdOfCustomer } from '../tickets/index.ts';
import { issueUploadToken, uploadLinkUrl } from '../../platform/upload-link.ts';

// A message to a customer about their application (new documents needed, a cancelled
// application), in the caller's transaction: by text when they have a phone on file, else by
// email, on their open ticket of that channel if any. A customer the contact gate refuses (Do Not
// Contact, a cease request, the bankruptcy stay: decision 046) is not messaged: the caller's change
// is refused (409), unless the change stands either way (queueCustomerNoticeUnlessRefused: a cancellation),
// when the refusal is audited and no message is queued (answers null).

export function queueCustomerNotice(
  tx: Executor,
  context: Pick<CustomerDocumentsDeps, 'clock' | 'contactRules'>,
  actor: Actor,
  customerId: number,
  notice: { subject: string; body: string },
): Promise<QueuedMessage> {
  return queueNotice(tx, context, actor, customerId, notice, 'refuse') as Promise<QueuedMessage>;
}

// The same notice where the caller's change stands whatever the gate says (a cancellation).
export function queueCustomerNoticeUnlessRefused(
  tx: Executor,
  context: Pick<CustomerDocumentsDeps, 'clock' | 'contactRules'>,
  actor: Actor,
  customerId: number,
  notice: { subject: string; body: string },
): Promise<QueuedMessage | null> {
  return queueNotice(tx, context, actor, customerId, notice, 'skip');
}

async function queueNotice(
  tx: Executor,
  context: Pick<CustomerDocumentsDeps, 'clock' | 'contactRules'>,
  actor: Actor,
  customerId: number,
  notice: { subject: string; body: string },
  whenRefused: 'refuse' | 'skip',
): Promise<QueuedMessage | null> {
  const customer = await findCustomer(tx, customerId);
  if (!customer) throw notFound(`Customer ${customerId} was not found.`);
  const type = customer.phoneNumber ? 'text' : 'email';
  const ask = {
    customerId,
    channel: type,
    path: 'document_request',
    to: customer.phoneNumber ?? customer.email,
    employeeId: actor.employeeId,
    ipAddress: actor.ipAddress,
  } as const;
  const decision = await decideContact(tx, context, ask);
  if (decision.verdict.verdict === 'refuse' && whenRefused === 'skip') {
    await recordAuditEvent(tx, {
      ...actor,
      action: 'message.contact_refused',
      entityType: 'customer',
      entityId: customerId,
      after: { rule: decision.verdict.rule, sentence: decision.verdict.sentence, channel: type, path: ask.path },
    });
    return null;
  }
  const clearance = clearanceOf(decision, ask);
  return queueOutboundMessage(
    tx,
    {
      type,
      to: customer.phoneNumber ?? customer.email,
      subject: type === 'email' ? notice.subject : null,
      body: notice.body,
      customerId,
      ticketId: await findOpenTicketIdOfCustomer(tx, customerId, type),
      employeeId: actor.employeeId,
      clearance,
    },
    context.clock.now(),
  );
}

// Opens the loan's upload link (loans.upload_open) and answers the link the customer is sent,
// with a token for the kinds of document asked for.
export async function openUploadLinkFor(
  tx: Executor,
  context: Pick<CustomerDocumentsDeps, 'clock' | 'customerAppUrl' | 'secretsKey'>,
  loan: { id: number; customerId: number },
  kinds: CustomerUploadKind[],
): Promise<string> {
  // The callers' reviews reference the loan by a foreign key, so it exists.
  await updateLoan(tx, loan.id, { uploadOpen: true });
  const { token } = issueUploadToken(context, { loanId: loan.id, customerId: loan.customerId, kinds });
  return uploadLinkUrl(context.customerAppUrl, loan.id, token);
}

// After the commit: the outbox's worker sends it; the request never waits for the provider.
export function deliverSoon(context: Pick<CustomerDocumentsDeps, 'outbox'>, message: MessageRecord | null): void {
  if (message) context.outbox.nudge();
}
