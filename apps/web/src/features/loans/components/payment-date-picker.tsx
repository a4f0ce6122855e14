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
      size="sm"
    />
  );
}
