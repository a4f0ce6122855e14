import { Link } from 'react-router';
import { Anchor, Badge, Button, Code, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { surveyPaths } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSurveys } from '../api/get-surveys.ts';
import { SurveyBreadcrumbs } from './survey-breadcrumbs.tsx';
import { SurveyEmpty, SurveyError, SurveyLoading } from './survey-states.tsx';
import { formatCount } from './survey-format.ts';

// /surveys (spec 001 section 2): each survey's path with how many users answered it, and a link to
// its results.
export function SurveysPage() {
  const list = useSurveys();
  let main;
  if (list.isPending) main = <SurveyLoading label="Loading surveys..." />;
  else if (list.isError)
    main = <SurveyError title="Error loading surveys" error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.surveys.length === 0)
    main = (
      <SurveyEmpty
        title="There are no surveys yet."
        description="Surveys appear here once the customer app asks one."
      />
    );
  else
    main = (
      <Table striped highlightOnHover withTableBorder verticalSpacing="sm" aria-label="Surveys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Survey</Table.Th>
            <Table.Th>Path</Table.Th>
            <Table.Th ta="right">Questions</Table.Th>
            <Table.Th ta="right">Users answered</Table.Th>
            <Table.Th>Latest answer</Table.Th>
            <Table.Th w={140}>
              <VisuallyHidden>Results</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data.surveys.map((survey) => (
            <Table.Tr key={survey.path}>
              <Table.Td>
                <Anchor component={Link} to={surveyPaths.results(survey.path)} fw={500}>
                  {survey.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Code>{survey.path}</Code>
              </Table.Td>
              <Table.Td ta="right">{formatCount(survey.question_count)}</Table.Td>
              <Table.Td ta="right" aria-label={`${survey.count} users answered ${survey.name}`}>
                <Badge variant="light" size="lg">
                  {formatCount(survey.count)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {survey.last_answered_at ? (
                  formatDateTime(survey.last_answered_at)
                ) : (
                  <Text span c="dimmed" fz="sm">
                    No answers yet
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Button
                  component={Link}
                  to={surveyPaths.results(survey.path)}
                  size="xs"
                  variant="light"
                  aria-label={`View results of ${survey.name}`}
                >
                  View results
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Stack gap="md" maw={1200}>
      <SurveyBreadcrumbs crumbs={[{ label: 'Home', to: '/' }, { label: 'Surveys' }]} />
      <Group justify="space-between" align="baseline">
        <Title order={1} fz={24}>
          Surveys
        </Title>
        {list.data && list.data.surveys.length > 0 && (
          <Text c="dimmed" fz="sm">
            What customers answered in the app, by survey
          </Text>
        )}
      </Group>
      {main}
    </Stack>
  );
}
