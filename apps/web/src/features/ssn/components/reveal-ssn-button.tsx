import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { REVEAL_REASON_MIN_LENGTH, REVEAL_REASON_REQUIRED_MESSAGE } from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session.ts';
import { useRevealSsn } from '../api/reveal-ssn.ts';

// How long the whole number stays on screen.
export const REVEAL_SECONDS = 30;

type RevealSsnButtonProps = { userId: number };

// Shows a customer's whole SSN to an employee holding customers.reveal_ssn (nobody else sees the
// button): a reason first, which the server records with their name, then the number for
// REVEAL_SECONDS, after which it is forgotten (it is kept in this component's state only).
export function RevealSsnButton({ userId }: RevealSsnButtonProps) {
  const session = useSession();
  if (!session?.permissions.includes('customers.reveal_ssn')) return null;
  return <RevealSsn userId={userId} />;
}

type Shown = { ssn: string; until: number };

function RevealSsn({ userId }: RevealSsnButtonProps) {
  const reveal = useRevealSsn();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!shown) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      if (current >= shown.until) setShown(null);
      else setNow(current);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [shown]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reason.trim().length < REVEAL_REASON_MIN_LENGTH) {
      setProblem(REVEAL_REASON_REQUIRED_MESSAGE);
      return;
    }
    reveal.mutate(
      { user_id: userId, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          const at = Date.now();
          setShown({ ssn: answer.ssn, until: at + REVEAL_SECONDS * 1000 });
          setNow(at);
          setAsking(false);
          setReason('');
          // The number lives in this component's state alone, not in the mutation cache.
          reveal.reset();
        },
      },
    );
  }

  if (shown) {
    const secondsLeft = Math.max(1, Math.ceil((shown.until - now) / 1000));
    return (
      <Group gap="xs" wrap="nowrap">
        <Text ff="monospace" fw={600} aria-label="Full SSN">
          {shown.ssn}
        </Text>
        <Text size="xs" c="dimmed">
          hidden in {secondsLeft} s
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => setShown(null)}>
          Hide
        </Button>
      </Group>
    );
  }

  if (!asking) {
    return (
      <Button size="compact-xs" variant="light" onClick={() => setAsking(true)}>
        Reveal SSN
      </Button>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Reveal SSN">
      <Stack gap="xs">
        {reveal.isError && (
          <ErrorAlert title="SSN not revealed" errors={errorMessages(reveal.error)} onClose={() => reveal.reset()} />
        )}
        <TextInput
          label="Reason for revealing the SSN"
          description="Recorded with your name."
          autoComplete="off"
          value={reason}
          error={problem}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setProblem(null);
          }}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={reveal.isPending}>
            Reveal
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              setAsking(false);
              setReason('');
              setProblem(null);
              reveal.reset();
            }}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
