import type { MutationConfig } from '../../../lib/react-query.ts';
import { sendDebtValidation, useSendDebtValidation } from '../api/send-debt-validation.ts';
import { LetterModalShell, type LetterModalProps } from './letter-modal-shell.tsx';

type DebtValidationLetterModalProps = LetterModalProps & {
  mutationConfig?: MutationConfig<typeof sendDebtValidation>;
};

// Generate debt validation (the user card's button): the loan only. The letter is generated and
// saved to the customer's documents; the question whether to email it belongs to the account
// status letter alone (spec 000 section 5).
export function DebtValidationLetterModal({ userId, mutationConfig, ...props }: DebtValidationLetterModalProps) {
  const letter = useSendDebtValidation({
    mutationConfig: { mutationKey: ['letters', 'debt_validation', userId], ...mutationConfig },
  });
  return (
    <LetterModalShell
      {...props}
      title="Generate debt validation"
      submitLabel="Generate"
      askDelivery={false}
      letter={letter}
      toVariables={({ loanId }) => ({ loan_id: loanId, send_email: false })}
    />
  );
}
