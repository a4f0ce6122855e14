import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import {
  DESTRUCTIVE_IDENTITY_DECISIONS,
  IDENTITY_DECISIONS,
  IDENTITY_DECISION_LABELS,
  recordTopic,
  type IdentificationCard,
  type IdentityDecision,
} from '@portal/contracts';
import { ApiError, errorMessages } from '../../../lib/api-error.ts';
import { useLiveWatch } from '../../../lib/use-live.ts';
import { useCompleteIdentification } from '../api/complete-identification.ts';
import { ConfirmDecisionModal } from './confirm-decision-modal.tsx';
import { flashTop } from './identification-flash.ts';
import { RequestDocumentsModal } from './request-documents-modal.tsx';

const DECISION_COLORS: Record<IdentityDecision, string> = {
  approve: 'green',
  request: 'blue',
  cancel: 'red',
  selfie: 'red',
  manual_fraud_hold: 'orange',
};

type DecisionButtonsProps = {
  card: IdentificationCard;
  // A held customer is already on manual fraud hold: that decision is not offered again.
  held: boolean;
};

// The five decisions on a card (spec 001 section 4). The server's sentence is flashed either way;
// a decided card leaves its group (the list is read again).
export function DecisionButtons({ card, held }: DecisionButtonsProps) {
  const [asking, setAsking] = useState<IdentityDecision | null>(null);
  const complete = useCompleteIdentification();
  // Deciding the card (its dialog open) is having it open: colleagues see it on theirs.
  useLiveWatch(asking === null && !complete.isPending ? [] : [recordTopic('identity_review', card.review_id)]);
  const decisions = IDENTITY_DECISIONS.filter((decision) => !(held && decision === 'manual_fraud_hold'));

  const decide = async (decision: IdentityDecision, reason?: string) => {
    try {
      const answer = await complete.mutateAsync({
        id: card.user_id,
        decision,
        ...(reason === undefined ? {} : { reason }),
      });
      flashTop(answer.message);
      setAsking(null);
    } catch (error) {
      for (const message of errorMessages(error)) flashTop(message, 'error');
      // Another reviewer decided first: there is nothing left to ask about.
      if (error instanceof ApiError && error.status === 409) setAsking(null);
    }
  };

  const choose = (decision: IdentityDecision) => {
    if (decision === 'request' || DESTRUCTIVE_IDENTITY_DECISIONS.includes(decision)) setAsking(decision);
    else void decide(decision);
  };

  const pendingDecision = complete.isPending ? complete.variables.decision : null;

  return (
    <>
      <Group gap="xs">
        {decisions.map((decision) => (
          <Button
            key={decision}
            size="xs"
            color={DECISION_COLORS[decision]}
            variant={decision === 'approve' ? 'filled' : 'light'}
            loading={pendingDecision === decision}
            disabled={complete.isPending && pendingDecision !== decision}
            onClick={() => choose(decision)}
          >
            {IDENTITY_DECISION_LABELS[decision]}
          </Button>
        ))}
      </Group>
      {asking === 'request' && (
        <RequestDocumentsModal
          customer={card.user_name}
          pending={complete.isPending}
          onSend={(reason) => void decide('request', reason)}
          onClose={() => setAsking(null)}
        />
      )}
      {asking !== null && asking !== 'request' && (
        <ConfirmDecisionModal
          decision={asking}
          customer={card.user_name}
          loanId={card.loan_id}
          pending={complete.isPending}
          onConfirm={() => void decide(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
