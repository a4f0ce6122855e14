import type { LoanInfo } from '@portal/contracts';
import { eligiblePaymentMethods, toLoanInfo } from '../loans/index.ts';
import { toCsv } from '../../platform/csv.ts';
import type { EvidenceRecord } from './evidence-reads.ts';
import { json, type PackFile, type PackStamp } from './pack-file.ts';

// Every loan with its payments, returns and changes. Each loan is what its card on the user page
// shows (the loans module's read model, payoff as of the pack's business date); the lists beside
// them put every loan's payments, returns and comments in one table each (their audited changes,
// loans/changes.csv, are read in pages with the audit trail).

export function loanFiles(record: EvidenceRecord, stamp: PackStamp): PackFile[] {
  const context = {
    today: stamp.today,
    timeZone: stamp.timeZone,
    eligibleMethods: eligiblePaymentMethods(record),
  };
  const cards: LoanInfo[] = record.loans.map((entry) => toLoanInfo(entry, context));
  const represents = new Map(
    record.loans.flatMap(({ payments }) =>
      payments.map(({ payment }) => [payment.id, payment.representsPaymentId] as const),
    ),
  );
  const payments = cards.flatMap((card) => card.payments.map((payment) => ({ loanId: card.id, payment })));
  const returns = payments.flatMap(({ loanId, payment }) =>
    payment.bounces.map((bounce) => ({ loanId, paymentId: payment.id, bounce })),
  );
  const comments = cards.flatMap((card) =>
    [...card.comments].reverse().map((comment) => ({ loanId: card.id, comment })),
  );

  return [
    {
      path: 'loans/loans.csv',
      section: 'loans',
      description: `Every loan of the customer, one row each: dates of each step, amounts (dollars), APR, status and payoff as of ${stamp.today}.`,
      content: toCsv(
        [
          'loan_id',
          'type',
          'status',
          'applied',
          'approved',
          'accepted',
          'funded',
          'funding_returned',
          'denied',
          'deny_reason',
          'closed',
          'paid_off',
          'maturity',
          'applied_amount',
          'approved_amount',
          'cash_advanced',
          'installments',
          'apr_percent',
          'auto_debit',
          'amount_credited',
          'settlement_min',
          'payoff_balance',
        ],
        cards.map((card) => ({
          loan_id: card.id,
          type: card.type,
          status: card.display_status,
          applied: card.applied,
          approved: card.approved,
          accepted: card.accepted,
          funded: card.funded,
          funding_returned: card.funding_returned,
          denied: card.denied,
          deny_reason: card.deny_reason,
          closed: card.closed_at,
          paid_off: card.paid_off,
          maturity: card.maturity,
          applied_amount: card.applied_amt,
          approved_amount: card.approved_amt,
          cash_advanced: card.cash_advanced,
          installments: card.installment_num,
          apr_percent: card.apr,
          auto_debit: card.ach,
          amount_credited: card.amount_credited_to_loan,
          settlement_min: card.settlement_min,
          payoff_balance: card.payoff_balance,
        })),
      ),
      records: cards.length,
    },
    ...cards.map((card): PackFile => ({
      path: `loans/loan-${card.id}.json`,
      section: 'loans',
      description: `Loan ${card.id} as its card on the user page shows it: payments with their returns, comments, statements.`,
      content: json(card),
      records: 1,
    })),
    {
      path: 'loans/payments.csv',
      section: 'loans',
      description:
        'Every payment of every loan by due date: amount (dollars), method, state, when paid, processing or invalidated, refunds, and the payment a re-presentment repeats.',
      content: toCsv(
        [
          'loan_id',
          'payment_id',
          'type',
          'due',
          'original_due',
          'expected_amount',
          'method',
          'state',
          'paid',
          'processing',
          'invalid',
          'bounce_fee',
          'user_initiated',
          'refundable',
          'refunded',
          'represents_payment_id',
        ],
        payments.map(({ loanId, payment }) => ({
          loan_id: loanId,
          payment_id: payment.id,
          type: payment.type,
          due: payment.due,
          original_due: payment.original_due,
          expected_amount: payment.expected_amt,
          method: payment.method,
          state: payment.state,
          paid: payment.paid,
          processing: payment.processing,
          invalid: payment.invalid,
          bounce_fee: payment.bounce_fee,
          user_initiated: payment.user_initiated,
          refundable: payment.refundable,
          refunded: payment.refunded,
          represents_payment_id: represents.get(payment.id) ?? null,
        })),
      ),
      records: payments.length,
    },
    {
      path: 'loans/returns.csv',
      section: 'loans',
      description:
        'Every returned payment (ACH return or card decline): the return code with its NACHA title, whether it is high-risk (R07, R08, R10), date, amount and fee.',
      content: toCsv(
        ['loan_id', 'payment_id', 'return_code', 'title', 'high_risk', 'returned_on', 'amount', 'fee', 'fee_waived'],
        returns.map(({ loanId, paymentId, bounce }) => ({
          loan_id: loanId,
          payment_id: paymentId,
          return_code: bounce.code,
          title: bounce.title,
          high_risk: bounce.high_risk,
          returned_on: bounce.date,
          amount: bounce.amount,
          fee: bounce.fee,
          fee_waived: bounce.fee_waived,
        })),
      ),
      records: returns.length,
    },
    {
      path: 'loans/comments.csv',
      section: 'loans',
      description: 'Staff comments on the loans, oldest first, with their authors.',
      content: toCsv(
        ['loan_id', 'created_at', 'employee', 'body'],
        comments.map(({ loanId, comment }) => ({
          loan_id: loanId,
          created_at: comment.created_at,
          employee: comment.employee,
          body: comment.body,
        })),
      ),
      records: comments.length,
    },
  ];
}
