import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IDENTITY_DECISION_LABELS, type IdentityDecision } from '@portal/contracts';

type ConfirmDecisionModalProps = {
  decision: IdentityDecision;
  customer: string;
  loanId: number | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

function consequence(decision: IdentityDecision, customer: string, loanId: number | null): string {
  const loan = loanId === null ? `${customer}'s loan` : `${customer}'s loan #${loanId}`;
  switch (decision) {
    case 'cancel':
      return `${loan} will be cancelled.`;
    case 'selfie':
      return `${loan} will be cancelled because the selfie does not match the identification.`;
    case 'manual_fraud_hold':
      return `${customer} will be put on manual fraud hold, and the case moves to Manual Hold Cases.`;
    default:
      return `${customer}'s case will be decided: ${IDENTITY_DECISION_LABELS[decision]}.`;
  }
}

// The decisions this screen cannot undo ask first, naming the customer and what follows.
export function ConfirmDecisionModal({
  decision,
  customer,
  loanId,
  pending,
  onConfirm,
  onClose,
}: ConfirmDecisionModalProps) {
  const label = IDENTITY_DECISION_LABELS[decision];
  return (
    <Modal opened onClose={onClose} title="Are you sure?" centered>
      <Stack gap="md">
        <Text fz="sm">{consequence(decision, customer, loanId)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Go back
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {`Yes, ${label}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
