import type { MutationConfig } from '../../../lib/react-query.ts';
import { sendAccountStatus, useSendAccountStatus } from '../api/send-account-status.ts';
import { LetterModalShell, type LetterModalProps } from './letter-modal-shell.tsx';

type AccountStatusLetterModalProps = LetterModalProps & {
  mutationConfig?: MutationConfig<typeof sendAccountStatus>;
};

// Send account status (the user card's button): the loan, and whether to email the letter to the
// customer or only save it.
export function AccountStatusLetterModal({ userId, mutationConfig, ...props }: AccountStatusLetterModalProps) {
  const letter = useSendAccountStatus({
    mutationConfig: { mutationKey: ['letters', 'account_status', userId], ...mutationConfig },
  });
  return (
    <LetterModalShell
      {...props}
      title="Send account status"
      submitLabel="Send"
      askDelivery
      letter={letter}
      toVariables={({ loanId, sendEmail }) => ({ loan_id: loanId, send_email: sendEmail })}
    />
  );
}
