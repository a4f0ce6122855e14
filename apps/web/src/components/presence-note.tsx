import { Group, Text } from '@mantine/core';
import { useOtherViewers } from '../lib/use-live.ts';

// Who else has this record open now (issue 40): nothing when no one does. A polite live region, so
// a screen reader hears a colleague arrive; plain text (no avatars or tooltips), light on every screen.
export function PresenceNote({ topic, noun }: { topic: string | null; noun: string }) {
  const others = useOtherViewers(topic);
  const names = others.map((viewer) => viewer.name);
  const who = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return (
    <div aria-live="polite">
      {others.length > 0 && (
        <Group gap={6} wrap="nowrap" data-testid="presence-note">
          <span
            aria-hidden
            style={{ width: 8, height: 8, borderRadius: 4, background: 'var(--mantine-color-grape-6)', flex: 'none' }}
          />
          <Text size="sm" c="grape.9">
            {who} {names.length === 1 ? 'also has' : 'also have'} this {noun} open.
          </Text>
        </Group>
      )}
    </div>
  );
}
