import { useState } from 'react';
import { Button } from '@mantine/core';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { generateFcraPacket, useGenerateFcraPacket } from '../api/generate-fcra-packet.ts';
import { LetterModalShell, type LetterModalProps } from './letter-modal-shell.tsx';

type FcraPacketProps = Omit<LetterModalProps, 'opened' | 'onClose'> & {
  mutationConfig?: MutationConfig<typeof generateFcraPacket>;
};

// Generate FCRA packet (spec 001 section 4): the customer's identity, the loan's reporting and
// payment history in one PDF, saved to the documents. The modal has the letters' four states.
export function GenerateFcraPacketModal({
  userId,
  mutationConfig,
  ...props
}: FcraPacketProps & Pick<LetterModalProps, 'opened' | 'onClose'>) {
  const packet = useGenerateFcraPacket({
    mutationConfig: { mutationKey: ['letters', 'fcra_packet', userId], ...mutationConfig },
  });
  return (
    <LetterModalShell
      {...props}
      title="Generate FCRA packet"
      submitLabel="Generate"
      askDelivery={false}
      letter={packet}
      toVariables={({ loanId }) => ({ user_id: userId, loan_id: loanId })}
    />
  );
}

export function GenerateFcraPacketButton(props: FcraPacketProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpened(true)}>
        FCRA packet
      </Button>
      {opened && <GenerateFcraPacketModal {...props} opened onClose={() => setOpened(false)} />}
    </>
  );
}

// The name the user page first mounted it by.
export const FcraPacketButton = GenerateFcraPacketButton;
