import type { LetterResponse } from '@portal/contracts';
import type { LetterKind } from '../api/issue-letter.ts';
import { AccountStatusLetterModal } from './account-status-letter-modal.tsx';
import { DebtValidationLetterModal } from './debt-validation-letter-modal.tsx';
import type { LetterModalProps } from './letter-modal-shell.tsx';

export type { LetterLoanOption } from './letter-modal-shell.tsx';

type LetterModalByKindProps = Omit<LetterModalProps, 'userId'> & {
  kind: LetterKind;
  // Optional for screens that only refresh on success; the named modals take it.
  userId?: number;
  mutationConfig?: { onSuccess?: (answer: LetterResponse) => unknown; onError?: (error: Error) => void };
};

// One of the two letter modals by kind, for a screen with one button per letter.
export function LetterModal({ kind, userId = 0, ...props }: LetterModalByKindProps) {
  return kind === 'account_status' ? (
    <AccountStatusLetterModal userId={userId} {...props} />
  ) : (
    <DebtValidationLetterModal userId={userId} {...props} />
  );
}
