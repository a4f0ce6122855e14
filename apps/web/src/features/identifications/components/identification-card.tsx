import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  recordTopic,
  verificationColor,
  verificationLabel,
  type IdentificationCard as Identification,
} from '@portal/contracts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { PresenceNote } from '../../../components/presence-note.tsx';
import { AnalyticsChecks } from './analytics-checks.tsx';
import { CardFact } from './card-fact.tsx';
import { DecisionButtons } from './decision-buttons.tsx';
import { EkataScore } from './ekata-score.tsx';
import { ExifWarning } from './exif-warning.tsx';
import { IdentityImageView } from './identity-image.tsx';
import { userPath } from '../../../lib/user-path.ts';

type IdentificationCardProps = {
  card: Identification;
  held: boolean;
};

// One customer whose identity documents wait for a decision (spec 001 sections 2 and 3).
export function IdentificationCard({ card, held }: IdentificationCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Identification of ${card.user_name}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={700}>{card.user_name}</Text>
              <Anchor component={Link} to={userPath(card.user_id)} fz="sm">
                #{card.user_id}
              </Anchor>
            </Group>
            <Text fz="xs" c="dimmed">
              Waiting since {formatDateTime(card.waiting_since)}
            </Text>
          </Stack>
          <Badge color={verificationColor(card.verified)} variant="light">
            {verificationLabel(card.verified)}
          </Badge>
        </Group>
        {/* A colleague deciding this card now (the board follows each card, decision 063). */}
        <PresenceNote topic={recordTopic('identity_review', card.review_id)} noun="card" />

        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
          <CardFact label="Birthday">{formatDate(card.birthday)}</CardFact>
          <CardFact label="Driver's license">{card.drivers_license ?? '—'}</CardFact>
          <CardFact label="Routing number">
            <Group gap="xs">
              <span>{card.routing ?? '—'}</span>
              {card.routing_flagged && (
                <Badge color="red" variant="filled" size="sm">
                  Flagged routing number
                </Badge>
              )}
            </Group>
          </CardFact>
          <CardFact label="Ekata fraud score">
            <EkataScore score={card.ekata_fraud_score} />
          </CardFact>
          <CardFact label="Loan">{card.loan_id === null ? '—' : `#${card.loan_id}`}</CardFact>
        </SimpleGrid>

        {card.has_images_with_exif && <ExifWarning dateTime={card.exif_date_time} />}

        {card.images.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No images
          </Text>
        ) : (
          <Group gap="md" align="flex-start">
            {card.images.map((image) => (
              <IdentityImageView key={image.ident_id} image={image} />
            ))}
          </Group>
        )}

        <AnalyticsChecks aggregate={card.analytics.aggregate_check} checks={card.analytics.checks} />

        <DecisionButtons card={card} held={held} />
      </Stack>
    </Card>
  );
}
