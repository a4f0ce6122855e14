import { Badge } from '@mantine/core';
import { loanDisplayLabel, loanDisplayStatus, type LoanDisplayStatus, type LoanInfo } from '@portal/contracts';

const colors: Record<LoanDisplayStatus, string> = {
  DENIED: 'red',
  'PAID OFF': 'teal',
  ACTIVE: 'indigo',
  'CLOSED/CANCELLED': 'gray',
  ACCEPTED: 'cyan',
  APPROVED: 'yellow',
  APPLIED: 'blue',
};

export function LoanStatusBadge({ loan }: { loan: LoanInfo }) {
  return (
    <Badge size="sm" variant="light" color={colors[loanDisplayStatus(loan)]} style={{ flexShrink: 0 }}>
      {loanDisplayLabel(loan)}
    </Badge>
  );
}
