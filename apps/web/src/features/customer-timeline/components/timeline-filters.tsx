import { Button, Chip, Group, Text } from '@mantine/core';
import { TIMELINE_KIND_LABELS, TIMELINE_KINDS, type TimelineKind } from '@portal/contracts';

type TimelineFiltersProps = {
  shown: readonly TimelineKind[];
  onChange: (kinds: TimelineKind[]) => void;
  labelId: string;
};

// Which kinds the timeline shows: a checkbox chip per kind (Space toggles it), at least one; "Show
// all" puts every kind back.
export function TimelineFilters({ shown, onChange, labelId }: TimelineFiltersProps) {
  const all = shown.length === TIMELINE_KINDS.length;
  return (
    <Group gap="xs" role="group" aria-labelledby={labelId}>
      <Text id={labelId} fz="sm" fw={500}>
        Show
      </Text>
      <Chip.Group
        multiple
        value={[...shown]}
        onChange={(values) => {
          const picked = TIMELINE_KINDS.filter((kind) => values.includes(kind));
          if (picked.length > 0) onChange(picked);
        }}
      >
        {TIMELINE_KINDS.map((kind) => (
          <Chip key={kind} value={kind} size="xs">
            {TIMELINE_KIND_LABELS[kind]}
          </Chip>
        ))}
      </Chip.Group>
      {!all && (
        <Button size="compact-xs" variant="subtle" onClick={() => onChange([...TIMELINE_KINDS])}>
          Show all
        </Button>
      )}
    </Group>
  );
}
