import { Badge, Group, Text } from '@mantine/core';
import { EKATA_BAND_COLORS, ekataBand, type EkataBand } from '@portal/contracts';

const BAND_LABELS: Record<EkataBand, string> = {
  low: 'Low risk',
  moderate: 'Moderate risk',
  high: 'High risk',
  none: 'No score',
};

// The Ekata identity risk score and its band (spec 001 sections 5 and 9). The band is read from
// the score shown, by the same rule the server applies, so the two never disagree on screen.
export function EkataScore({ score }: { score: number | null }) {
  const band = ekataBand(score);
  return (
    <Group gap="xs" wrap="nowrap">
      {score !== null && band !== 'none' && (
        <Text fz="sm" fw={600}>
          {score}
        </Text>
      )}
      <Badge color={EKATA_BAND_COLORS[band]} variant="light" data-band={band}>
        {BAND_LABELS[band]}
      </Badge>
    </Group>
  );
}
