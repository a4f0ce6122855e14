import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  CONTACT_FLAG_CONTEXT_MAX,
  CONTACT_FLAG_LABELS,
  CONTACT_FLAG_LIFT_REASON_MIN,
  CONTACT_FLAG_REASON_MAX,
  CONTACT_FLAG_REASONS,
  contactFlagLiftProblem,
  contactFlagProblem,
  liftsContactDuty,
  type ContactFlag,
  CONTACT_FLAG_TERMS,
} from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { setContactFlag, useSetContactFlag } from '../api/set-contact-flag.ts';

type ContactFlagModalProps = {
  userId: number;
  flag: ContactFlag;
  // What the toggle asks for: on (one of the flag's reasons) or off (a confirmation; for DNC, cease
  // or attorney, which lifts a duty, the reason in a sentence: issue 37, decision 046).
  on: boolean;
  opened: boolean;
  onClose: () => void;
  mutationConfig?: MutationConfig<typeof setContactFlag>;
};

// The contact flag confirmation (spec 000 sections 4 and 5, decision 046): turning a flag on needs
// one of its reasons and may carry context; clearing DNC, cease or attorney needs a reason typed
// out. The server then adds the note to the customer's comments (and audits the reason).
export function ContactFlagModal({ userId, flag, on, opened, onClose, mutationConfig }: ContactFlagModalProps) {
  const [reason, setReason] = useState<string | null>(null);
  const [context, setContext] = useState('');
  const [liftReason, setLiftReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useSetContactFlag({ mutationConfig });
  const label = CONTACT_FLAG_LABELS[flag];
  const lifting = liftsContactDuty({ flag, on });

  function close() {
    setReason(null);
    setContext('');
    setLiftReason('');
    setProblem(null);
    change.reset();
    onClose();
  }

  function confirm() {
    const request = {
      user_id: userId,
      flag,
      on,
      reason: on ? reason : lifting ? liftReason.trim() : null,
      context: on ? context.trim() || null : null,
    };
    const found = contactFlagProblem(request) ?? (lifting ? contactFlagLiftProblem(request) : null);
    setProblem(found);
    if (found) return;
    change.mutate(request, { onSuccess: close });
  }

  return (
    <Modal opened={opened} onClose={close} title={`${on ? 'Turn on' : 'Turn off'} ${CONTACT_FLAG_TERMS[flag]}`}>
      <Stack gap="sm">
        {on ? (
          <>
            <Radio.Group
              label="Reason"
              value={reason}
              onChange={(value) => {
                setReason(value);
                setProblem(null);
              }}
              withAsterisk
            >
              <Stack gap={6} mt={6}>
                {CONTACT_FLAG_REASONS[flag].map((option) => (
                  <Radio key={option} value={option} label={option} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label={flag === 'attorney' ? 'Attorney: name and phone (optional)' : 'Context (optional)'}
              value={context}
              onChange={(event) => setContext(event.currentTarget.value)}
              maxLength={CONTACT_FLAG_CONTEXT_MAX}
              autosize
              minRows={2}
            />
          </>
        ) : lifting ? (
          <>
            <Text fz="sm">
              Turning {label} off for customer #{userId} lifts a duty: texts and emails to them may go out again. The
              reason is kept in the audit trail and in the note added to their comments.
            </Text>
            <Textarea
              label="Why the flag is cleared"
              description={`At least ${CONTACT_FLAG_LIFT_REASON_MIN} characters: who withdrew it, how and when.`}
              value={liftReason}
              onChange={(event) => {
                setLiftReason(event.currentTarget.value);
                setProblem(null);
              }}
              maxLength={CONTACT_FLAG_REASON_MAX}
              autosize
              minRows={2}
              required
              error={problem !== null}
              data-autofocus
            />
          </>
        ) : (
          <Text fz="sm">
            Turn {label} off for customer #{userId}? A note is added to their comments.
          </Text>
        )}
        {(problem || change.isError) && (
          <Text fz="sm" c="red" role="alert">
            {problem ?? errorMessages(change.error).join(' ')}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color={on ? 'red' : 'blue'} onClick={confirm} loading={change.isPending}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
