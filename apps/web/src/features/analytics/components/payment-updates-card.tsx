import { usePaymentUpdates, type DateRange } from '../api/analytics.ts';
import { AnswerCard, FigureGrid } from './metric-card.tsx';

// How each figure is worked out, shown on hover or focus (decision 036).
const WHAT_COUNTS = 'moved to another date, switched between ACH and debit card, made larger or smaller, or split';
const FIGURES = [
  {
    key: 'user',
    label: 'By customers',
    explanation: `Payments customers changed themselves in the customer app in the range: ${WHAT_COUNTS}. Audited with no employee.`,
  },
  {
    key: 'cs',
    label: 'By staff',
    explanation: `Payments employees changed in the Portal in the range: ${WHAT_COUNTS}. Refunds, validations and bounce fee credits are not counted.`,
  },
  {
    key: 'total',
    label: 'Total',
    explanation: 'Both together: every payment update in the range, each change counted once.',
  },
] as const;

// update_payment_analytics on /visualize/cs (spec 001 sections 2, 7): payment updates by customers
// (user), by staff (cs) and both (total).
export function PaymentUpdatesCard({ range }: { range: DateRange }) {
  const answer = usePaymentUpdates(range);
  return (
    <AnswerCard title="Payment updates" answer={answer}>
      {(data) => <FigureGrid figures={FIGURES} values={data} />}
    </AnswerCard>
  );
}
