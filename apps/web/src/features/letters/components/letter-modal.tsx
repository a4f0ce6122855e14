import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import {
  LETTER_FAILURE_MESSAGE,
  LOAN_ID_REQUIRED_MESSAGE,
  SEND_EMAIL_REQUIRED_MESSAGE,
  type DocumentItem,
} from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { issueLetter, useIssueLetter, type LetterKind } from '../api/issue-letter.ts';

export type LetterLoanOption = { id: number; label: string };

type LetterModalProps = {
  kind: LetterKind;
  opened: boolean;
  onClose: () => void;
  loans: readonly LetterLoanOption[];
  // How the screen opens the saved PDF (the documents feature fetches it with the session).
  renderOpenDocument?: (document: DocumentItem) => ReactNode;
  mutationConfig?: MutationConfig<typeof issueLetter>;
};

const TITLES: Record<LetterKind, string> = {
  account_status: 'Send account status',
  debt_validation: 'Generate debt validation',
};

// A letter modal (spec 000 section 4): landing (the loan, and whether to email the letter or only
// save it, neither chosen at first), pending, success, failure.
export function LetterModal({ kind, opened, onClose, loans, renderOpenDocument, mutationConfig }: LetterModalProps) {
  const [loanId, setLoanId] = useState<string | null>(loans.length === 1 ? String(loans[0]!.id) : null);
  const [delivery, setDelivery] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const letter = useIssueLetter({ mutationConfig });

  function close() {
    setDelivery(null);
    setProblem(null);
    letter.reset();
    onClose();
  }

  function submit() {
    const found = loanId === null ? LOAN_ID_REQUIRED_MESSAGE : delivery === null ? SEND_EMAIL_REQUIRED_MESSAGE : null;
    setProblem(found);
    if (found || loanId === null) return;
    letter.mutate({ kind, loan_id: Number(loanId), send_email: delivery === 'email' });
  }

  let body: ReactNode;
  if (letter.isPending) {
    body = (
      <Group gap="sm" py="md">
        <Loader size="sm" aria-label="Preparing the letter" />
        <Text fz="sm">Preparing the letter…</Text>
      </Group>
    );
  } else if (letter.isSuccess) {
    body = (
      <Stack gap="sm">
        <Alert color="teal" variant="light" title="Success">
          {letter.data.message}
        </Alert>
        <Group justify="flex-end" gap="xs">
          {renderOpenDocument?.(letter.data.document)}
          <Button onClick={close}>Done</Button>
        </Group>
      </Stack>
    );
  } else if (letter.isError) {
    body = (
      <Stack gap="sm">
        <Alert color="red" variant="light" title={LETTER_FAILURE_MESSAGE}>
          {errorMessages(letter.error).join(' ')}
        </Alert>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => letter.reset()}>
            Back
          </Button>
          <Button onClick={close}>Close</Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Select
          label="Loan"
          placeholder="Choose a loan"
          data={loans.map((loan) => ({ value: String(loan.id), label: loan.label }))}
          value={loanId}
          onChange={setLoanId}
          nothingFoundMessage="No loans"
        />
        <Radio.Group label="Delivery" value={delivery} onChange={setDelivery}>
          <Stack gap={6} mt={6}>
            <Radio value="email" label="Email it to the customer" />
            <Radio value="save" label="Only save it" />
          </Stack>
        </Radio.Group>
        {problem && (
          <Text fz="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit}>{kind === 'account_status' ? 'Send' : 'Generate'}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Modal opened={opened} onClose={close} title={TITLES[kind]}>
      {body}
    </Modal>
  );
}
