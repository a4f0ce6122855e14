// The GraphQL schema of the Portal's data (decision 033). Field names are the wire format's
// (snake_case); money is integer cents (*_cents); dates are YYYY-MM-DD, timestamps ISO 8601 UTC.
// Nothing secret is in it: no password, token or MFA secret, no sealed SSN (its last four only).
export const typeDefs = /* GraphQL */ `
  type Query {
    "The signed-in employee."
    me: Employee!
    customer(id: Int!): Customer
    """
    Customers by id (ids), or a page of all of them in id order. To page through them, pass the last
    id of one page as after to get the next: the deep pages answer as fast as the first. offset also
    pages, but reads every row it skips (slow deep in the list); give after or offset, not both.
    """
    customers(
      "Customers by id (at most 100); limit, offset and after are then not used."
      ids: [Int!]
      "How many to answer: 1 to 100."
      limit: Int = 20
      "How many to skip first (default 0). Slow deep in the list: prefer after."
      offset: Int
      "Only customers whose id is greater than this: the last id of the page before (keyset paging)."
      after: Int
    ): [Customer!]!
    loan(id: Int!): Loan
    payment(id: Int!): Payment
    ticket(id: Int!): Ticket
    """
    A page of tickets in id order. To page through them, pass the last id of one page as after to get
    the next: the deep pages answer as fast as the first. offset also pages, but reads every row it
    skips (slow deep in the list); give after or offset, not both.
    """
    tickets(
      "How many to answer: 1 to 100."
      limit: Int = 20
      "How many to skip first (default 0). Slow deep in the list: prefer after."
      offset: Int
      "Only tickets whose id is greater than this: the last id of the page before (keyset paging)."
      after: Int
    ): [Ticket!]!
    employee(id: Int!): Employee
    employees: [Employee!]!
  }

  "A customer (the spec's user)."
  type Customer {
    id: Int!
    first_name: String!
    middle_initial: String
    last_name: String!
    email: String!
    phone_number: String
    birthday: String
    "The last four digits of the SSN; the whole number is never answered here."
    ssn_last_four: String
    "Verification code (spec 000 section 3): -7, -5, -2, -1, 1, 2; 0 = not yet checked."
    verified: Int!
    dnc: Boolean!
    dnl: Boolean!
    dnp: Boolean!
    street: String
    city: String
    state: String
    zip: String
    cycle: Int!
    user_credit_cents: Int!
    created_at: String!
    loans: [Loan!]!
    tickets: [Ticket!]!
    bank_accounts: [BankAccount!]!
  }

  type BankAccount {
    id: Int!
    account_last_four: String!
    "The whole account number: only for employees holding customers.reveal_ssn; others get an error for this field."
    account_number: String
    "Null when this server cannot open it (no SECRETS_KEY)."
    routing_number: String
    dnp: Boolean!
    added_at: String!
  }

  type Loan {
    id: Int!
    customer_id: Int!
    customer: Customer
    "standard, CreditBuilder or CommunityLoan."
    type: String!
    "As the loan card labels it: DENIED, PAID OFF, ACTIVE, CLOSED/CANCELLED, ACCEPTED, APPROVED or APPLIED."
    status: String!
    applied_at: String!
    approved_at: String
    accepted_at: String
    funded_at: String
    funding_returned_at: String
    denied_at: String
    deny_reason: String
    closed_at: String
    paid_off_at: String
    maturity: String
    applied_amount_cents: Int!
    approved_amount_cents: Int
    cash_advanced_cents: Int
    installment_count: Int!
    "APR in basis points (3599 = 35.99%)."
    apr_basis_points: Int!
    auto_debit: Boolean!
    funding_method: String
    amount_credited_cents: Int!
    settlement_min_cents: Int
    payments: [Payment!]!
  }

  type Payment {
    id: Int!
    loan_id: Int!
    loan: Loan
    "Installment, EarlyRepayment, Custom or Settlement."
    type: String!
    "due, paid, processing or invalid."
    state: String!
    expected_amount_cents: Int!
    due: String!
    original_due: String!
    "ach or debit."
    method: String!
    paid_at: String
    processing_at: String
    invalid_at: String
    bounce_fee_cents: Int!
    user_initiated: Boolean!
    refundable: Boolean!
    refunded_at: String
  }

  type Ticket {
    id: Int!
    customer_id: Int
    customer: Customer
    "text or email."
    channel: String!
    contact: String!
    subject: String
    "open or closed."
    state: String!
    archived_at: String
    escalated_at: String
    assigned_to: Employee
    closed_at: String
    created_at: String!
    "The thread, oldest first; limit: 1 to 100 (default 20) of the newest."
    messages(limit: Int = 20): [Message!]!
  }

  type Message {
    id: Int!
    ticket_id: Int
    customer_id: Int
    "text, email or notification."
    type: String!
    inbound: Boolean!
    subject: String
    body: String!
    from_address: String
    to_address: String
    "received, queued, sent or undelivered."
    status: String!
    created_at: String!
    "Who wrote it (outbound replies)."
    employee: Employee
  }

  "A staff member, without anything secret (no password, token or MFA secret)."
  type Employee {
    id: Int!
    name: String!
    email: String!
    clearance: Int!
    online: Boolean!
    active: Boolean!
    created_at: String!
  }
`;

// How many items a list field is taken to hold when the query does not say (its limit), for the
// cost limit. Lists with a limit argument count that limit.
export const assumedListSizes: Readonly<Record<string, number>> = {
  // The default limits.
  'Query.customers': 20,
  'Query.tickets': 20,
  'Ticket.messages': 20,
  'Query.employees': 50,
  'Customer.loans': 5,
  'Customer.tickets': 5,
  'Customer.bank_accounts': 2,
  'Loan.payments': 12,
};

export const MAX_PAGE_SIZE = 100;
