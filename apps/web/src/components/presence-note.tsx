import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import { useOtherViewers } from '../lib/use-live.ts';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

// Who else has this record open now (issue 40): nothing when no one does.
export function PresenceNote({ topic, noun }: { topic: string | null; noun: string }) {
  const others = useOtherViewers(topic);
  const names = others.map((viewer) => viewer.name);
  const sentence =
    names.length === 0
      ? ''
      : `${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`} ${
          names.length === 1 ? 'also has' : 'also have'
        } this ${noun} open.`;
  return (
    <div role="status" aria-live="polite">
      {others.length > 0 && (
        <Group gap="xs" wrap="nowrap" data-testid="presence-note">
          <Avatar.Group>
            {others.slice(0, 4).map((viewer) => (
              <Tooltip key={viewer.id} label={viewer.name} withArrow>
                <Avatar size="sm" color="grape" radius="xl" aria-hidden>
                  {initialsOf(viewer.name)}
                </Avatar>
              </Tooltip>
            ))}
          </Avatar.Group>
          <Text size="sm" c="grape.9">
            {sentence}
          </Text>
        </Group>
      )}
    </div>
  );
}
