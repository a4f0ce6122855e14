import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { LETTER_FAILURE_MESSAGE, LOAN_ID_REQUIRED_MESSAGE, type DocumentItem } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { generateFcraPacket, useGenerateFcraPacket } from '../api/issue-letter.ts';
import type { LetterLoanOption } from './letter-modal.tsx';

type FcraPacketButtonProps = {
  userId: number;
  loans: readonly LetterLoanOption[];
  renderOpenDocument?: (document: DocumentItem) => ReactNode;
  mutationConfig?: MutationConfig<typeof generateFcraPacket>;
};

// Generate FCRA packet (spec 001 section 4): the customer's identity, the loan's reporting and
// payment history in one PDF, saved to the documents.
export function FcraPacketButton({ userId, loans, renderOpenDocument, mutationConfig }: FcraPacketButtonProps) {
  const [opened, setOpened] = useState(false);
  const [loanId, setLoanId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const packet = useGenerateFcraPacket({ mutationConfig });

  function close() {
    setOpened(false);
    setProblem(null);
    packet.reset();
  }

  function submit() {
    if (loanId === null) return setProblem(LOAN_ID_REQUIRED_MESSAGE);
    setProblem(null);
    packet.mutate({ user_id: userId, loan_id: Number(loanId) });
  }

  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpened(true)}>
        FCRA packet
      </Button>
      <Modal opened={opened} onClose={close} title="Generate FCRA packet">
        {packet.isSuccess ? (
          <Stack gap="sm">
            <Alert color="teal" variant="light" title="Success">
              {packet.data.message}
            </Alert>
            <Group justify="flex-end" gap="xs">
              {renderOpenDocument?.(packet.data.document)}
              <Button onClick={close}>Done</Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Select
              label="Loan"
              placeholder="Choose a loan"
              data={loans.map((loan) => ({ value: String(loan.id), label: loan.label }))}
              value={loanId}
              onChange={setLoanId}
            />
            {problem && (
              <Text fz="sm" c="red" role="alert">
                {problem}
              </Text>
            )}
            {packet.isError && (
              <Alert color="red" variant="light" title={LETTER_FAILURE_MESSAGE}>
                {errorMessages(packet.error).join(' ')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={submit} loading={packet.isPending}>
                Generate
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
