import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import {
  LETTER_FAILURE_MESSAGE,
  LOAN_ID_REQUIRED_MESSAGE,
  SEND_EMAIL_REQUIRED_MESSAGE,
  type DocumentItem,
  type LetterResponse,
} from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';

export type LetterLoanOption = { id: number; label: string };
export type LetterChoice = { loanId: number; sendEmail: boolean };

// What every letter component takes from the screen.
export type LetterModalProps = {
  userId: number;
  opened: boolean;
  onClose: () => void;
  loans: readonly LetterLoanOption[];
  // How the screen opens the saved PDF (the documents feature fetches it with the session).
  renderOpenDocument?: (document: DocumentItem) => ReactNode;
};

type LetterModalShellProps<Variables> = Omit<LetterModalProps, 'userId'> & {
  title: string;
  submitLabel: string;
  // The account status letter asks whether to email it or only save it; debt validation and the
  // FCRA packet are saved only.
  askDelivery: boolean;
  letter: UseMutationResult<LetterResponse, Error, Variables>;
  toVariables: (choice: LetterChoice) => Variables;
};

// A letter modal's four states (spec 000 section 4): landing (the loan and, for a letter, whether
// to email it or only save it: nothing chosen at first), pending, success (the server's sentence
// and the PDF to open), failure (spec 000 section 8's sentence with the server's error beneath).
export function LetterModalShell<Variables>({
  title,
  submitLabel,
  askDelivery,
  opened,
  onClose,
  loans,
  renderOpenDocument,
  letter,
  toVariables,
}: LetterModalShellProps<Variables>) {
  const [loanId, setLoanId] = useState<string | null>(null);
  const [delivery, setDelivery] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function close() {
    if (letter.isPending) return;
    setLoanId(null);
    setDelivery(null);
    setProblem(null);
    letter.reset();
    onClose();
  }

  function submit() {
    const found =
      loanId === null
        ? LOAN_ID_REQUIRED_MESSAGE
        : askDelivery && delivery === null
          ? SEND_EMAIL_REQUIRED_MESSAGE
          : null;
    setProblem(found);
    if (found !== null || loanId === null) return;
    letter.mutate(toVariables({ loanId: Number(loanId), sendEmail: delivery === 'email' }));
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
          {errorMessages(letter.error).map((line) => (
            <Text key={line} fz="sm">
              {line}
            </Text>
          ))}
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
          onChange={(value) => {
            setLoanId(value);
            if (problem === LOAN_ID_REQUIRED_MESSAGE) setProblem(null);
          }}
          nothingFoundMessage="No loans"
        />
        {askDelivery && (
          <Radio.Group
            label="Delivery"
            value={delivery}
            onChange={(value) => {
              setDelivery(value);
              if (problem === SEND_EMAIL_REQUIRED_MESSAGE) setProblem(null);
            }}
          >
            <Stack gap={6} mt={6}>
              <Radio value="email" label="Email it to the customer" />
              <Radio value="save" label="Only save it" />
            </Stack>
          </Radio.Group>
        )}
        {problem && (
          <Text fz="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit}>{submitLabel}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Modal opened={opened} onClose={close} title={title}>
      {body}
    </Modal>
  );
}
