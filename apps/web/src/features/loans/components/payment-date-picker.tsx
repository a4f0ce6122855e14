import { DatePicker } from '@mantine/dates';
import { isSelectablePaymentDate } from '../payment-controls.ts';

type PaymentDatePickerProps = {
  value: string | null;
  onChange: (date: string | null) => void;
  today: string;
  // Month shown first.
  initialMonth?: string;
};

// Spec 000 section 5: weekdays only, today at the earliest.
export function PaymentDatePicker({ value, onChange, today, initialMonth }: PaymentDatePickerProps) {
  return (
    <DatePicker
      aria-label="Payment date"
      value={value}
      onChange={onChange}
      minDate={today}
      defaultDate={initialMonth ?? value ?? today}
      excludeDate={(date) => !isSelectablePaymentDate(date.slice(0, 10), today)}
      size="sm"
    />
  );
}
