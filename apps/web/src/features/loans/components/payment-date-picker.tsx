// Its styles come with it: only the dialogs that show a calendar load @mantine/dates.
import '@mantine/dates/styles.css';
import { DatePicker } from '@mantine/dates';
import { isSelectablePaymentDate, latestPaymentDate } from '@portal/contracts';

type PaymentDatePickerProps = {
  value: string | null;
  onChange: (date: string | null) => void;
  // Today in the business time zone (lib/business-date.ts), as the server counts it.
  today: string;
  // Month shown first.
  initialMonth?: string;
};

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
// 'Friday, January 15, 2027' for 2027-01-15.
export const dayLabel = (date: string) => dayFormat.format(new Date(`${date.slice(0, 10)}T00:00:00Z`));

// Spec 000 section 5: weekdays only, today at the earliest; at most a year out (the server's rule,
// from contracts). A loan's own limit past maturity is the server's to check: it answers why.
export function PaymentDatePicker({ value, onChange, today, initialMonth }: PaymentDatePickerProps) {
  return (
    <DatePicker
      aria-label="Payment date"
      value={value}
      onChange={onChange}
      minDate={today}
      maxDate={latestPaymentDate(today)}
      defaultDate={initialMonth ?? value ?? today}
      excludeDate={(date) => !isSelectablePaymentDate(date.slice(0, 10), today)}
      ariaLabels={{ nextMonth: 'Next month', previousMonth: 'Previous month' }}
      // Each day says its whole date, for screen readers and for tests that pick one.
      getDayProps={(date) => ({ 'aria-label': dayLabel(date) })}
      size="sm"
    />
  );
}
