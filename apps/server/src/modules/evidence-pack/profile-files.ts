import { centsToDollars, maskSsn } from '@portal/contracts';
import { toCsv } from '../../platform/csv.ts';
import type { EvidenceRecord } from './evidence-reads.ts';
import { employeeLabel, iso, json, type PackFile } from './pack-file.ts';

// The customer as the Portal holds them: who they are, how to reach them, the contact flags with
// who set them and why, their payment instruments (last four digits only) and the notes staff wrote.

function flag(
  record: EvidenceRecord,
  on: boolean,
  reason: string | null,
  context: string | null,
  employeeId: number | null,
  at: Date | null,
) {
  return { on, reason, context, set_by: employeeLabel(record.employeeNames, employeeId), set_at: iso(at) };
}

export function profileFiles(record: EvidenceRecord): PackFile[] {
  const { customer } = record;
  const profile = {
    id: customer.id,
    first_name: customer.firstName,
    middle_initial: customer.middleInitial,
    last_name: customer.lastName,
    birthday: customer.birthday,
    // The last four digits only (FCRA/GLBA): the whole number is in no file of the pack.
    ssn: maskSsn(customer.ssnLast4),
    email: customer.email,
    // Every address they have used, oldest first; `email` is the one we write to.
    emails: record.emails,
    phone_number: customer.phoneNumber,
    address: { street: customer.street, city: customer.city, state: customer.state, zip: customer.zip },
    verified: customer.verified,
    verified_at: iso(customer.verifiedAt),
    created_at: iso(customer.createdAt),
    contact_flags: {
      dnc: flag(record, customer.dnc, customer.dncReason, customer.dncContext, customer.dncEmployeeId, customer.dncAt),
      dnl: flag(record, customer.dnl, customer.dnlReason, customer.dnlContext, customer.dnlEmployeeId, customer.dnlAt),
      cease: flag(
        record,
        customer.cease,
        customer.ceaseReason,
        customer.ceaseContext,
        customer.ceaseEmployeeId,
        customer.ceaseAt,
      ),
      attorney: flag(
        record,
        customer.attorney,
        customer.attorneyReason,
        customer.attorneyContext,
        customer.attorneyEmployeeId,
        customer.attorneyAt,
      ),
      dnp: customer.dnp,
    },
    user_credit: centsToDollars(customer.userCreditCents),
    cycle: customer.cycle,
    referral_code: customer.referralCode,
    referred_by_customer_id: customer.referrerId,
    utm_source: customer.utmSource,
    utm_content: customer.utmContent,
    plaid_connections: customer.plaidCount,
    ibv_count: customer.ibvCount,
    bank_accounts: record.bankAccounts.map((account) => ({
      id: account.id,
      account_last4: account.accountLast4,
      routing_number: account.routingNumber,
      added_at: iso(account.addedAt),
      dnp: account.dnp,
    })),
    debit_cards: record.debitCards.map((card) => ({
      id: card.id,
      last_four: card.lastFour,
      brand: card.brand,
      added_at: iso(card.addedAt),
      dnp: card.dnp,
    })),
  };
  const comments = [...record.comments].reverse();
  return [
    {
      path: 'profile/customer.json',
      section: 'profile',
      description:
        'The customer: name, birthday, SSN (last four digits only), addresses, phone, verification, contact flags (DNC, DNL, cease, attorney) with who set them and why, bank accounts and cards (last four digits only).',
      content: json(profile),
      records: 1,
    },
    {
      path: 'profile/comments.csv',
      section: 'profile',
      description: "Staff notes on the customer's account, oldest first, with their authors.",
      content: toCsv(
        ['created_at', 'employee', 'body'],
        comments.map((comment) => ({ created_at: comment.createdAt, employee: comment.employee, body: comment.body })),
      ),
      records: comments.length,
    },
    {
      path: 'profile/documents-held.csv',
      section: 'profile',
      description:
        "Files the customer uploaded (identification, selfies, paystubs) that the Portal keeps; listed, not included (the user page's documents open them).",
      content: toCsv(
        ['document_id', 'kind', 'name', 'loan_id', 'content_type', 'uploaded_at', 'reviewed_at'],
        record.uploads.map((document) => ({
          document_id: document.id,
          kind: document.kind,
          name: document.name,
          loan_id: document.loanId,
          content_type: document.contentType,
          uploaded_at: document.createdAt,
          reviewed_at: document.reviewedAt,
        })),
      ),
      records: record.uploads.length,
    },
  ];
}
