import type { MutationConfig } from '../../../lib/react-query.ts';
import { sendDebtValidation, useSendDebtValidation } from '../api/send-debt-validation.ts';
import { LetterModalShell, type LetterModalProps } from './letter-modal-shell.tsx';

type DebtValidationLetterModalProps = LetterModalProps & {
  mutationConfig?: MutationConfig<typeof sendDebtValidation>;
};

// Generate debt validation (the user card's button): the loan, and whether to email the notice to
// the customer or only save it.
export function DebtValidationLetterModal({ userId, mutationConfig, ...props }: DebtValidationLetterModalProps) {
  const letter = useSendDebtValidation({
    mutationConfig: { mutationKey: ['letters', 'debt_validation', userId], ...mutationConfig },
  });
  return (
    <LetterModalShell
      {...props}
      title="Generate debt validation"
      submitLabel="Generate"
      askDelivery
      letter={letter}
      toVariables={({ loanId, sendEmail }) => ({ loan_id: loanId, send_email: sendEmail })}
    />
  );
}
