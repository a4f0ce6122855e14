import { centsToDollars } from '@portal/contracts';
import { toCsv } from '../../platform/csv.ts';
import type { EvidenceRecord } from './evidence-reads.ts';
import { employeeLabel, type PackFile } from './pack-file.ts';

// How the customer's applications were underwritten: the identity reviews (documents and the
// identity checks, the decision and why) and the income reviews (the paystub read, verified or new
// stubs requested). Their audit events are in audit/audit-trail.csv (identity_review, income_review).

export function underwritingFiles(record: EvidenceRecord): PackFile[] {
  const who = (id: number | null) => employeeLabel(record.employeeNames, id);
  return [
    {
      path: 'underwriting/identity-reviews.csv',
      section: 'underwriting',
      description:
        "The identity reviews of the customer's applications, oldest first: the application, when opened, the fraud score and the identity checks as the providers answered them (JSON), a fraud hold, and the decision with its reason, when and by whom.",
      content: toCsv(
        [
          'review_id',
          'loan_id',
          'opened_at',
          'fraud_score',
          'identity_checks',
          'held_at',
          'held_by',
          'decision',
          'decision_reason',
          'decided_at',
          'decided_by',
        ],
        record.identityReviews.map((review) => ({
          review_id: review.id,
          loan_id: review.loanId,
          opened_at: review.openedAt,
          fraud_score: review.ekataFraudScore,
          identity_checks: review.analytics,
          held_at: review.heldAt,
          held_by: who(review.heldBy),
          decision: review.decision,
          decision_reason: review.decisionReason,
          decided_at: review.decidedAt,
          decided_by: who(review.decidedBy),
        })),
      ),
      records: record.identityReviews.length,
    },
    {
      path: 'underwriting/income-reviews.csv',
      section: 'underwriting',
      description:
        "The income reviews of the customer's loans: status, the paystub read (date, gross and net pay in dollars, pay frequency and period), when verified and by whom, and new paystubs requested with the reasons.",
      content: toCsv(
        [
          'review_id',
          'loan_id',
          'status',
          'submitted_at',
          'paystub_date',
          'gross_pay',
          'net_pay',
          'frequency',
          'period_start',
          'period_end',
          'verified_at',
          'verified_by',
          'requested_at',
          'requested_by',
          'request_reasons',
        ],
        record.incomeReviews.map((review) => ({
          review_id: review.id,
          loan_id: review.loanId,
          status: review.status,
          submitted_at: review.submittedAt,
          paystub_date: review.paystubDate,
          gross_pay: review.grossCents === null ? null : centsToDollars(review.grossCents),
          net_pay: review.netCents === null ? null : centsToDollars(review.netCents),
          frequency: review.frequency,
          period_start: review.periodStart,
          period_end: review.periodEnd,
          verified_at: review.verifiedAt,
          verified_by: who(review.verifiedBy),
          requested_at: review.requestedAt,
          requested_by: who(review.requestedBy),
          request_reasons: (review.requestReasons ?? []).join('; '),
        })),
      ),
      records: record.incomeReviews.length,
    },
  ];
}
