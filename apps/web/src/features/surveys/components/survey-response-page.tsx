import { Link } from 'react-router';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { surveyPaths, type SurveyAnswer } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { userPath } from '../../../lib/user-path.ts';
import { useSurveyResponse } from '../api/get-survey-response.ts';
import { SurveyBreadcrumbs } from './survey-breadcrumbs.tsx';
import { SurveyError, SurveyLoading } from './survey-states.tsx';
import { SURVEY_FORMAT_LABELS } from './survey-format.ts';

// A rating read against its scale: '4' of 1-5 is 'out of 5'.
function ratingScale(question: SurveyAnswer): string | null {
  if (question.format !== 'rating' || question.choices.length < 2) return null;
  return `on a scale of ${question.choices[0]} to ${question.choices[question.choices.length - 1]}`;
}

function AnswerRow({ question }: { question: SurveyAnswer }) {
  const scale = ratingScale(question);
  const title = `Q${question.position}. ${question.question}`;
  return (
    <Card withBorder radius="md" p="md" component="li" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600} fz="sm">
            {title}
          </Text>
          <Badge variant="light" size="sm" color="gray">
            {SURVEY_FORMAT_LABELS[question.format]}
          </Badge>
        </Group>
        {question.answered ? (
          <Group gap="xs" align="baseline">
            <Text fz="lg" data-testid="answer">
              {question.answer}
            </Text>
            {scale && (
              <Text fz="sm" c="dimmed">
                {scale}
              </Text>
            )}
          </Group>
        ) : (
          <Text fz="lg" c="dimmed" fs="italic" data-testid="answer">
            {question.answer}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

// /survey/{path}/{id} (spec 001 section 2): each question with the user's answer, or 'No Answer'
// where blank or never answered.
export function SurveyResponsePage({ path, id }: { path: string; id: number }) {
  const response = useSurveyResponse(path, id);
  const data = response.data;
  const userName = data ? `${data.user.first_name} ${data.user.last_name}` : `User ${id}`;

  let main;
  if (response.isPending) main = <SurveyLoading label="Loading answers..." />;
  else if (response.isError)
    main = (
      <SurveyError title="Error loading the answers" error={response.error} onRetry={() => void response.refetch()} />
    );
  else
    main = (
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Answers">
        {response.data.questions.map((question) => (
          <AnswerRow key={question.id} question={question} />
        ))}
      </Stack>
    );

  return (
    <Stack gap="md" maw={900}>
      <SurveyBreadcrumbs
        crumbs={[
          { label: 'Home', to: '/' },
          { label: 'Surveys', to: surveyPaths.list },
          { label: data?.name ?? path, to: surveyPaths.results(path) },
          { label: userName },
        ]}
      />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} fz={24}>
            {data ? `${data.name}: ${userName}` : 'Survey answers'}
          </Title>
          {data && (
            <Text fz="sm" c="dimmed">
              {/* Underlined: in grey text, its colour alone does not set it apart (WCAG 1.4.1). */}
              <Anchor component={Link} to={userPath(data.user.id)} fz="sm" underline="always">
                {userName} (user {data.user.id})
              </Anchor>{' '}
              · answered {formatDateTime(data.answered_at)}
            </Text>
          )}
        </Stack>
        <Button component={Link} to={surveyPaths.results(path)} variant="default" size="xs">
          Back to results
        </Button>
      </Group>
      {main}
    </Stack>
  );
}
