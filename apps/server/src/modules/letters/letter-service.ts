import { randomUUID } from 'node:crypto';
import type { LetterResponse } from '@portal/contracts';
import type { LettersDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import { commitMessage } from '../../platform/message-commit.ts';
import {
  attachDocumentToMessage,
  queuedMessageSentence,
  queueOutboundMessage,
  type QueuedMessage,
} from '../../platform/outbound.ts';
import { renderPdf, type PdfBlock } from '../../platform/pdf.ts';
import { clearContact } from '../contact-rules/index.ts';
import { insertDocument, LENDER_NAME, toDocumentItem } from '../documents/index.ts';
import { accountStatusBlocks } from './account-status-letter.ts';
import { debtValidationBlocks } from './debt-validation-letter.ts';
import { fcraPacketBlocks } from './fcra-packet.ts';
import { identityFraudMailerBlocks } from './identity-fraud-mailer.ts';
import { toLetterFacts, type LetterFacts } from './letter-facts.ts';
import { findLetterSubject, type LetterSubject } from './repository.ts';

export type LetterKind = 'account_status_letter' | 'debt_validation_letter' | 'fcra_packet' | 'fcra_103_mailer';

type LetterOrder = { kind: LetterKind; loanId: number; customerId?: number; sendEmail: boolean };

const LETTERS: Record<LetterKind, { title: string; draw: (facts: LetterFacts) => PdfBlock[] }> = {
  account_status_letter: { title: 'Account status letter', draw: accountStatusBlocks },
  debt_validation_letter: { title: 'Debt validation letter', draw: debtValidationBlocks },
  fcra_packet: { title: 'FCRA packet', draw: fcraPacketBlocks },
  fcra_103_mailer: { title: 'Identity fraud dispute letter', draw: identityFraudMailerBlocks },
};

// Every kind of letter the Portal draws, and its title (the customer's timeline lists them, issue 40).
export const LETTER_KINDS = Object.keys(LETTERS) as LetterKind[];
export const letterTitle = (kind: LetterKind): string => LETTERS[kind].title;

export const doNotContactLetterRefusal = (customerId: number) =>
  `Customer ${customerId} is marked Do Not Contact; the letter was not emailed.`;

// A debt validation notice itemizes a debt from its funding: a loan never funded (or whose funding
// came back, or that was denied) has none.
function noDebtReason(loan: LetterSubject['loan']): string | null {
  if (loan.deniedAt) return `Loan ${loan.id} was denied, so there is no debt to validate.`;
  if (loan.fundingReturnedAt) return `The funding of loan ${loan.id} was returned, so there is no debt to validate.`;
  if (!loan.fundedAt) return `Loan ${loan.id} was never funded, so there is no debt to validate.`;
  return null;
}

// What staff read once the letter is made. The email is committed to the outbox, not sent yet: its
// worker sends it (the customer's messages show when, or why not), at once or when the customer's
// quiet hours end (issue 39: the answer says which, never "sent").
function outcomeSentence(title: string, loanId: number, queued: QueuedMessage | null): string {
  const letter = `${title} for loan ${loanId}`;
  if (!queued) return `${letter} saved to the customer's documents.`;
  return `${letter} saved. ${queuedMessageSentence(queued)}`;
}

// Draws the letter, keeps its file, and in one transaction records it in the customer's documents
// (with its audit event) and, when asked, queues the email that carries it (message_attachments);
// the outbox sends the email after the commit. Every refusal (an unknown loan, another customer's
// loan, a loan with no debt to validate, a customer marked Do Not Contact when emailing) comes
// before the file is written, so a refused call writes nothing. The file is written before the
// transaction, so a documents row never points to nothing; a transaction that fails (or a DNC flag
// set in between) leaves only an unreferenced file.
export async function issueLetter(context: LettersDeps, actor: Actor, order: LetterOrder): Promise<LetterResponse> {
  const subject = await findLetterSubject(context.db, order.loanId);
  if (!subject) throw notFound(`Loan ${order.loanId} was not found.`);
  const { customer, loan } = subject;
  if (order.customerId !== undefined && customer.id !== order.customerId)
    throw notFound(`Loan ${order.loanId} is not a loan of customer ${order.customerId}.`);
  const noDebt = order.kind === 'debt_validation_letter' ? noDebtReason(loan) : null;
  if (noDebt) throw conflict(noDebt);
  if (order.sendEmail && customer.dnc) throw conflict(doNotContactLetterRefusal(customer.id));

  const now = context.clock.now();
  const date = businessToday(context.clock, context.businessTimeZone);
  const { title, draw } = LETTERS[order.kind];
  const pdf = await renderPdf(draw(toLetterFacts(subject, date, context.businessTimeZone)), {
    title: `${LENDER_NAME} ${title.toLowerCase()}, loan ${loan.id}, ${date}`,
    author: LENDER_NAME,
    createdAt: now,
    footer: `${LENDER_NAME} - ${title}, loan ${loan.id}, ${date}`,
  });
  const storageKey = `letters/${customer.id}/${randomUUID()}.pdf`;
  await context.storage.write(storageKey, pdf);

  const { document, queued } = await commitMessage(context.db, async (tx) => {
    const clearance = order.sendEmail
      ? await clearContact(tx, context, {
          customerId: customer.id,
          channel: 'email',
          // A debt validation letter is about collecting; the others answer for the loan's state.
          path: order.kind === 'debt_validation_letter' ? 'collection_letter' : 'servicing_letter',
          to: customer.email,
          employeeId: actor.employeeId,
          ipAddress: actor.ipAddress,
        })
      : null;
    const stored = await insertDocument(tx, {
      customerId: customer.id,
      loanId: loan.id,
      name: `${order.kind.replaceAll('_', '-')}-loan-${loan.id}-${date}.pdf`,
      kind: order.kind,
      contentType: 'application/pdf',
      storageKey,
      createdAt: now,
    });
    let queued: QueuedMessage | null = null;
    if (clearance) {
      const message = await queueOutboundMessage(
        tx,
        {
          type: 'email',
          // The primary address (customers.email).
          to: customer.email,
          subject: `Your ${title.toLowerCase()} for loan ${loan.id}`,
          body: `Hi ${customer.firstName},\n\nAttached is your ${title.toLowerCase()} for loan ${loan.id}, as of ${date}.\n\n${LENDER_NAME}`,
          customerId: customer.id,
          employeeId: actor.employeeId,
          clearance,
        },
        now,
      );
      await attachDocumentToMessage(tx, message.id, stored.id);
      queued = message;
    }
    await recordAuditEvent(tx, {
      ...actor,
      action: `customer.${order.kind}_generated`,
      entityType: 'customer',
      entityId: customer.id,
      after: { documentId: stored.id, loanId: loan.id, emailed: order.sendEmail, messageId: queued?.id ?? null },
    });
    return { document: stored, queued };
  });

  // After the commit: the outbox's worker sends it; the request never waits for the mail server.
  if (queued !== null) context.outbox.nudge();
  return {
    message: outcomeSentence(title, loan.id, queued),
    document: toDocumentItem(document, context.businessTimeZone),
    message_id: queued?.id ?? null,
  };
}
