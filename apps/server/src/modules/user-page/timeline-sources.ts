import { sql } from 'drizzle-orm';
import { centsToDollars, type TimelineItem, type TimelineKind } from '@portal/contracts';
import type { Executor } from '@portal/db';
import { findAuditTrailPage } from '../../platform/audit.ts';
import { findCustomerMessagesPage } from '../../platform/message-store.ts';
import type { TimeBound } from '../../platform/time-keyset.ts';
import { disputeIdsOfCustomer, findCustomerDisputesPage } from '../disputes/index.ts';
import { findCustomerDocumentsPage } from '../documents/index.ts';
import { LETTER_KINDS, letterTitle, type LetterKind } from '../letters/index.ts';
import {
  debitAuthorizationIdsOfCustomer,
  debitStopIdsOfCustomer,
  findPaymentEventsPage,
  findReturnsPage,
  loanIdsOfCustomer,
  paymentIdsOfCustomer,
  returnCodeBook,
} from '../loans/index.ts';
import { findCustomerNotesPage } from '../notes/index.ts';
import { maskSsnLike } from './timeline-masking.ts';
import { staffActionSentence } from './timeline-sentences.ts';

// The sources of a customer's timeline (issue 40), each read through its owner: the message store
// and the audit trail (platform), payments and returns (loans), letters (documents, of the letters'
// kinds), disputes, notes. Each answers a page after the bound, newest first, with every row's time
// as a key; the timeline merges them. Their order here is their order at the very same instant.

export type Names = ReadonlyMap<number, string>;

// A row of a source: its id and time as a key (its place in the list), and its item, made once the
// names of the employees it names are known.
export type SourceRow = {
  id: number;
  timeKey: string;
  employeeIds: Array<number | null>;
  item: (names: Names) => TimelineItem;
};
type Page = (bound: TimeBound | null, limit: number) => Promise<SourceRow[]>;

export type SourceName = 'message' | 'payment' | 'return' | 'letter' | 'dispute' | 'note' | 'staff_action';
export const SOURCE_NAMES: readonly SourceName[] = [
  'message',
  'payment',
  'return',
  'letter',
  'dispute',
  'note',
  'staff_action',
];
export const SOURCE_KINDS: Readonly<Record<SourceName, TimelineKind>> = {
  message: 'message',
  payment: 'payment',
  return: 'payment',
  letter: 'letter',
  dispute: 'dispute',
  note: 'note',
  staff_action: 'staff_action',
};

const at = (timeKey: string) => new Date(timeKey).toISOString();
const nameOf = (names: Names, id: number | null) => (id === null ? null : (names.get(id) ?? `employee #${id}`));

export type SourceContext = { db: Executor; customerId: number; timeZone: string };

export function timelineSources({ db, customerId, timeZone }: SourceContext): Record<SourceName, Page> {
  return {
    message: async (bound, limit) =>
      (await findCustomerMessagesPage(db, customerId, bound, limit)).map((row) => ({
        id: row.id,
        timeKey: row.timeKey,
        employeeIds: [row.employeeId],
        item: (names) => ({
          kind: 'message',
          key: `message-${row.id}`,
          at: at(row.timeKey),
          message_id: row.id,
          ticket_id: row.ticketId,
          channel: row.type,
          inbound: row.inbound,
          subject: row.subject,
          excerpt: maskSsnLike(row.excerpt),
          status: row.status,
          error: row.error,
          held_until: row.heldUntil?.toISOString() ?? null,
          employee_name: nameOf(names, row.employeeId),
          auto_response: row.autoResponse,
        }),
      })),

    payment: async (bound, limit) =>
      (await findPaymentEventsPage(db, customerId, bound, limit)).map((row) => ({
        id: row.id,
        timeKey: row.timeKey,
        employeeIds: [],
        item: () => ({
          kind: 'payment',
          key: `payment-${row.id}`,
          at: at(row.timeKey),
          payment_id: row.id,
          loan_id: row.loanId,
          amount: centsToDollars(row.amountCents),
          method: row.method,
          type: row.type,
          due: row.due,
          status: row.status,
        }),
      })),

    return: async (bound, limit) =>
      (await findReturnsPage(db, customerId, timeZone, bound, limit)).map((row) => ({
        id: row.id,
        timeKey: row.timeKey,
        employeeIds: [],
        item: () => ({
          kind: 'return',
          key: `return-${row.id}`,
          at: at(row.timeKey),
          bounce_id: row.id,
          payment_id: row.paymentId,
          loan_id: row.loanId,
          return_code: row.returnCode,
          return_title: returnCodeBook.title(row.returnCode),
          returned_on: row.returnedOn,
          amount: centsToDollars(row.amountCents),
          fee: centsToDollars(row.feeCents),
          fee_waived: row.feeWaived,
        }),
      })),

    letter: async (bound, limit) =>
      (await findCustomerDocumentsPage(db, customerId, LETTER_KINDS, bound, limit)).map((row) => ({
        id: row.id,
        timeKey: row.timeKey,
        employeeIds: [],
        item: () => ({
          kind: 'letter',
          key: `letter-${row.id}`,
          at: at(row.timeKey),
          document_id: row.id,
          loan_id: row.loanId,
          title: letterTitle(row.kind as LetterKind),
        }),
      })),

    dispute: async (bound, limit) =>
      (await findCustomerDisputesPage(db, customerId, bound, limit)).map((row) => ({
        id: row.id,
        timeKey: row.timeKey,
        employeeIds: [],
        item: () => ({
          kind: 'dispute',
          key: `dispute-${row.id}`,
          at: at(row.timeKey),
          dispute_id: row.id,
          loan_id: row.loanId,
          type: row.type,
          due_date: row.dueDate,
          resolved_at: row.resolvedAt?.toISOString() ?? null,
          response_type: row.responseType,
        }),
      })),

    note: async (bound, limit) =>
      (await findCustomerNotesPage(db, customerId, bound, limit)).map((note) => ({
        id: note.id,
        timeKey: note.timeKey,
        employeeIds: [],
        item: () => ({
          kind: 'note',
          key: `note-${note.id}`,
          at: at(note.timeKey),
          note_id: note.id,
          ticket_id: note.ticket_id,
          author_name: note.author.name,
          body: maskSsnLike(note.body),
          mentions: note.mentions,
        }),
      })),

    // What staff (and the Portal by itself) did to the customer's own records: the customer, their
    // loans and payments, debit stops and authorizations, disputes. Not the conversations: their
    // messages are on the timeline themselves, and a ticket's handling (closed, archived, a reply's
    // contact verdict) is the queue's business, not the customer's story.
    staff_action: async (bound, limit) =>
      (
        await findAuditTrailPage(
          db,
          [
            { entityType: 'customer', entityIds: sql`select ${customerId}::bigint as id` },
            { entityType: 'loan', entityIds: loanIdsOfCustomer(customerId) },
            { entityType: 'payment', entityIds: paymentIdsOfCustomer(customerId) },
            { entityType: 'debit_stop', entityIds: debitStopIdsOfCustomer(customerId) },
            { entityType: 'debit_authorization', entityIds: debitAuthorizationIdsOfCustomer(customerId) },
            { entityType: 'dispute', entityIds: disputeIdsOfCustomer(customerId) },
          ],
          bound,
          limit,
        )
      ).map((event) => ({
        id: event.id,
        timeKey: event.timeKey,
        employeeIds: [event.employeeId],
        item: (names) => ({
          kind: 'staff_action',
          key: `staff_action-${event.id}`,
          at: at(event.timeKey),
          event_id: event.id,
          action: event.action,
          employee_name: nameOf(names, event.employeeId),
          sentence: staffActionSentence(event),
        }),
      })),
  };
}
