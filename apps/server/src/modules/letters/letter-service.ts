import { randomUUID } from 'node:crypto';
import { dateInTimeZone, type LetterResponse } from '@portal/contracts';
import { messageAttachments } from '@portal/db';
import type { ServerContext } from '../../context.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { notFound } from '../../platform/http-error.ts';
import { queueOutboundMessage } from '../../platform/outbound.ts';
import { renderPdf, type PdfBlock } from '../../platform/pdf.ts';
import { customerName, refuseIfDoNotContact } from '../customers/index.ts';
import { insertDocument, LENDER_NAME, toDocumentItem } from '../documents/index.ts';
import { toLoanInfo } from '../loans/index.ts';
import { accountStatusBlocks } from './account-status-letter.ts';
import { debtValidationBlocks } from './debt-validation-letter.ts';
import { fcraPacketBlocks } from './fcra-packet.ts';
import { findLetterSubject, type LetterSubject } from './repository.ts';

export type LetterKind = 'account_status_letter' | 'debt_validation_letter' | 'fcra_packet';

const TITLES: Record<LetterKind, string> = {
  account_status_letter: 'Account status letter',
  debt_validation_letter: 'Debt validation letter',
  fcra_packet: 'FCRA packet',
};

type LetterOrder = { kind: LetterKind; loanId: number; customerId?: number; sendEmail: boolean };

function blocksFor(kind: LetterKind, subject: LetterSubject, context: ServerContext, date: string): PdfBlock[] {
  const loan = toLoanInfo(subject, { today: date, timeZone: context.businessTimeZone, eligibleMethods: [] });
  const { customer } = subject;
  if (kind === 'account_status_letter') return accountStatusBlocks({ date, customer, loan });
  if (kind === 'fcra_packet') return fcraPacketBlocks({ date, customer, loan });
  const feesCents = subject.payments
    .flatMap(({ bounces }) => bounces)
    .filter((bounce) => !bounce.feeWaived)
    .reduce((sum, bounce) => sum + bounce.feeCents, 0);
  return debtValidationBlocks({ date, customer, loan, feesCents });
}

// Draws the letter, keeps its file, and in one transaction records it in the customer's documents
// (with its audit event) and, when asked, queues the email that carries it; the outbox sends the
// email after the commit. A customer marked Do Not Contact gets no email: the call is refused
// before anything is written. The file is written first, so a documents row never points to
// nothing; a transaction that fails leaves only an unreferenced file.
export async function issueLetter(context: ServerContext, actor: Actor, order: LetterOrder): Promise<LetterResponse> {
  const subject = await findLetterSubject(context.db, order.loanId);
  if (!subject) throw notFound(`Loan ${order.loanId} was not found.`);
  if (order.customerId !== undefined && subject.customer.id !== order.customerId)
    throw notFound(`Loan ${order.loanId} is not a loan of customer ${order.customerId}.`);
  const { customer, loan } = subject;
  if (order.sendEmail) await refuseIfDoNotContact(context.db, customer.id);

  const now = context.clock.now();
  const date = dateInTimeZone(now, context.businessTimeZone);
  const title = TITLES[order.kind];
  const pdf = await renderPdf(blocksFor(order.kind, subject, context, date), {
    title: `${LENDER_NAME} ${title.toLowerCase()}, loan ${loan.id}, ${date}`,
    author: LENDER_NAME,
    createdAt: now,
  });
  const storageKey = `letters/${customer.id}/${randomUUID()}.pdf`;
  await context.storage.write(storageKey, pdf);

  const { document, messageId } = await context.db.transaction(async (tx) => {
    const stored = await insertDocument(tx, {
      customerId: customer.id,
      loanId: loan.id,
      name: `${order.kind.replaceAll('_', '-')}-loan-${loan.id}-${date}.pdf`,
      kind: order.kind,
      contentType: 'application/pdf',
      storageKey,
      createdAt: now,
    });
    let queuedId: number | null = null;
    if (order.sendEmail) {
      await refuseIfDoNotContact(tx, customer.id);
      const message = await queueOutboundMessage(
        tx,
        {
          type: 'email',
          to: customer.email,
          subject: `Your ${title.toLowerCase()} for loan ${loan.id}`,
          body: `Hi ${customer.firstName},\n\nAttached is your ${title.toLowerCase()} for loan ${loan.id}, as of ${date}.\n\n${LENDER_NAME}`,
          customerId: customer.id,
          employeeId: actor.employeeId,
        },
        now,
      );
      await tx.insert(messageAttachments).values({ messageId: message.id, documentId: stored.id });
      queuedId = message.id;
    }
    await recordAuditEvent(tx, {
      ...actor,
      action: `customer.${order.kind}_generated`,
      entityType: 'customer',
      entityId: customer.id,
      after: { documentId: stored.id, loanId: loan.id, emailed: order.sendEmail, messageId: queuedId },
    });
    return { document: stored, messageId: queuedId };
  });

  let outcome = 'saved to the documents';
  if (messageId !== null) {
    const delivered = await context.outbox.deliver(messageId);
    outcome =
      delivered.status === 'sent'
        ? `saved and emailed to ${customer.email}`
        : delivered.status === 'undelivered'
          ? `saved; the email to ${customer.email} could not be delivered: ${delivered.error ?? 'no reason given'}`
          : `saved; the email to ${customer.email} is queued and will be sent as soon as the provider takes it`;
  }
  return {
    message: `${title} for loan ${loan.id} (${customerName(customer)}) ${outcome}.`,
    document: toDocumentItem(document, context.businessTimeZone),
    message_id: messageId,
  };
}
