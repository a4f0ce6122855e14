import { background } from './api-server.ts';
import type {
  LoanInfo,
  Macro,
  Message,
  Payment,
  Ticket,
  TicketSummary,
  TicketsResponse,
  UserInfo,
} from '@portal/contracts';

// Wire-shaped test data for the ticket workspace (contracts/tickets.ts).

export function messageFixture(overrides: Partial<Message> = {}): Message {
  return {
    id: 1,
    ticket_id: 101,
    type: 'text',
    inbound: true,
    subject: null,
    body: 'Hi, can I change my payment date?',
    created_at: new Date().toISOString(),
    processed: false,
    status: 'received',
    error: null,
    attempts: 0,
    employee_name: null,
    auto_response: false,
    held_until: null,
    ...overrides,
  };
}

export function paymentFixture(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 501,
    expected_amt: 120.5,
    due: '2026-04-15',
    original_due: '2026-04-15',
    paid: null,
    processing: null,
    invalid: null,
    state: 'due',
    method: 'ach',
    type: 'Installment',
    bounce_fee: 0,
    bounces: [],
    user_initiated: false,
    refundable: false,
    refunded: null,
    represents_payment_id: null,
    lock_version: 0,
    ...overrides,
  };
}

export function loanFixture(overrides: Partial<LoanInfo> = {}): LoanInfo {
  return {
    id: 301,
    type: 'standard',
    applied: '2026-01-02T10:00:00Z',
    approved: '2026-01-03T10:00:00Z',
    accepted: '2026-01-03T12:00:00Z',
    funded: '2026-01-04T10:00:00Z',
    funding_returned: null,
    closed_at: null,
    denied: null,
    deny_reason: null,
    paid_off: null,
    maturity: '2026-07-04',
    applied_amt: 600,
    cash_advanced: 600,
    installment_num: 6,
    apr: 35.99,
    approval_code: 'ABC123',
    ach: true,
    payoff_balance: 410.25,
    amount_credited_to_loan: 0,
    eligible_payment_methods: ['ach', 'debit'],
    approved_amt: null,
    denial_sent: null,
    appealed: null,
    stage3: false,
    manuals: false,
    upload_open: false,
    settlement_min: null,
    fraud_alert: false,
    high_risk_return: null,
    debit_stop: null,
    pending_approvals: [],
    comments: [],
    statements: [],
    lock_version: 0,
    display_status: 'ACTIVE',
    payments: [],
    ...overrides,
  };
}

export function userFixture(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 41,
    first_name: 'Jane',
    middle_initial: 'Q',
    last_name: 'Doe',
    email: 'jane@example.com',
    phone_number: '5551234567',
    birthday: '1990-05-06',
    verified: 2,
    dnc: false,
    dnl: false,
    cease: false,
    attorney: false,
    dnp: false,
    street: '1 Main St',
    city: 'Springfield',
    state: 'CA',
    zip: '90001',
    cycle: 1,
    user_credit: 0,
    bank_account: { account_last4: '6789', routing: '011000015', added: '2025-12-01T00:00:00Z', dnp: false },
    debit_card: null,
    comments: [],
    ...overrides,
  };
}

export function ticketFixture(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 101,
    user_id: 41,
    channel: 'text',
    contact: '5551234567',
    subject: null,
    state: 'open',
    archived: null,
    escalated: null,
    snooze: null,
    sla: null,
    created_at: new Date().toISOString(),
    assigned_to: 'Ana Lopez',
    user: userFixture(),
    details: {
      first_name: 'Jane',
      last_name: 'Doe',
      email: 'jane@example.com',
      inboundTexts: [],
      inboundEmails: [],
      all_emails: ['jane@example.com'],
      guesses: { response: [], action: [] },
      last_escalated_by: null,
    },
    messages: [messageFixture()],
    analysis: { active_loan: [], applied_loan: [], recently_approved_loan: null },
    loans: {},
    ...overrides,
  };
}

export function ticketSummaryFixture(overrides: Partial<TicketSummary> = {}): TicketSummary {
  return {
    id: 101,
    user_id: 41,
    name: 'Jane Doe',
    channel: 'text',
    contact: '5551234567',
    subject: null,
    preview: 'Hi, can I change my payment date?',
    created_at: new Date().toISOString(),
    archived: null,
    escalated: null,
    last_escalated_by: null,
    snooze: null,
    sla: null,
    ...overrides,
  };
}

export function ticketsResponseFixture(overrides: Partial<TicketsResponse> = {}): TicketsResponse {
  return {
    employeeTicketCount: 4,
    totalTicketCount: 37,
    unpaidDueTomorrow: 3,
    unpaidDueDayAfterTomorrow: 5,
    createdOver24h: 6,
    createdUnder24h: 31,
    openTickets: [],
    archivedTickets: [],
    escalatedTickets: [],
    closedTickets: [],
    ...overrides,
  };
}

export function macroFixture(overrides: Partial<Macro> = {}): Macro {
  return {
    id: 2,
    title: 'change_phone',
    body: 'Hi {first_name}, your phone number is now {new_phone}.',
    tags: ['Account'],
    purpose: 'servicing',
    ...overrides,
  };
}

// The contact gate's verdict before Send (GET users/contact_verdict): the message goes out now. The
// box asks it by itself, so a test answers it in the background (not counted among the calls sent).
export const SEND_NOW_VERDICT_ANSWER = background([
  200,
  { verdict: 'send', sentence: 'It is 2:15 pm for this customer: the text goes out now.', until: null },
]);
