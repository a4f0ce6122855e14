import { useId } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Group, SegmentedControl, Text } from '@mantine/core';
import {
  contactRuleCalls,
  MESSAGE_PURPOSE_LABELS,
  messagePurposes,
  type ContactVerdictQuery,
  type ContactVerdictResponse,
  type MessagePurpose,
} from '@portal/contracts';
import { callApi } from '../lib/api-client.ts';

// The contact gate's verdict before Send (decision 046), shared by the reply box and the user page's
// composer: what happens to the message if it is sent now (goes out, held until a time, refused), in
// the gate's own sentence. The server decides again, and audits, when it is sent.

export function getContactVerdict(query: ContactVerdictQuery, signal?: AbortSignal): Promise<ContactVerdictResponse> {
  return callApi(contactRuleCalls.contactVerdict, { query }, { signal });
}

// Asked again every minute while the box is open: the hour moves, and with it the verdict.
export function contactVerdictQueryOptions(query: ContactVerdictQuery) {
  return queryOptions({
    queryKey: ['contact-verdict', query],
    queryFn: ({ signal }) => getContactVerdict(query, signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

export function useContactVerdict(query: ContactVerdictQuery | null) {
  return useQuery({
    ...contactVerdictQueryOptions(query ?? { channel: 'text', purpose: 'servicing' }),
    enabled: query !== null,
  });
}

const VERDICT_COLORS = { send: 'dimmed', hold: 'orange.9', refuse: 'red.9' } as const;

// The sentence, read out by screen readers when it changes (a polite live region).
export function ContactVerdictLine({ query, id }: { query: ContactVerdictQuery | null; id: string }) {
  const verdict = useContactVerdict(query);
  if (!verdict.data) return null;
  return (
    <Text id={id} fz="xs" c={VERDICT_COLORS[verdict.data.verdict]} role="status" aria-live="polite">
      {verdict.data.verdict === 'refuse' ? 'Cannot be sent: ' : ''}
      {verdict.data.sentence}
    </Text>
  );
}

// Collection or servicing: what the message is, which rules it meets (decision 046).
export function PurposePicker({
  value,
  onChange,
}: {
  value: MessagePurpose;
  onChange: (next: MessagePurpose) => void;
}) {
  const labelId = useId();
  return (
    <Group gap={6} wrap="nowrap">
      <Text fz="xs" c="dimmed" id={labelId}>
        Purpose
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as MessagePurpose)}
        data={messagePurposes.map((purpose) => ({ value: purpose, label: MESSAGE_PURPOSE_LABELS[purpose] }))}
      />
    </Group>
  );
}
