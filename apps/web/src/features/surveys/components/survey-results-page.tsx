import { useEffect } from 'react';
import { Badge, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  clampPage,
  surveyUsersExportCall,
  readSort,
  SURVEY_USERS_PAGE_SIZE,
  surveyPaths,
  surveyUsersViewSchema,
} from '@portal/contracts';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { useListView } from '../../../lib/use-list-view.ts';
import { useSurveyResults } from '../api/get-survey-results.ts';
import { QuestionResults } from './question-results.tsx';
import { SurveyBreadcrumbs } from './survey-breadcrumbs.tsx';
import { SurveyEmpty, SurveyError, SurveyLoading } from './survey-states.tsx';
import { formatCount, plural } from './survey-format.ts';
import { SurveyUsersTable } from './survey-users-table.tsx';

// How the users are ordered, in words under their heading.
function orderWords(sort: string): string {
  const { column, descending } = readSort(sort);
  if (column === 'id') return descending ? 'Highest user ID first' : 'Lowest user ID first';
  return descending ? 'Newest first' : 'Oldest first';
}

// /surveys/{path}?since&sort&page (spec 001 section 2; issue 40): each question with its format and
// its choices ordered by count, then the users who answered (since a day, when asked),
// SURVEY_USERS_PAGE_SIZE a page, each linking to their answers; the day, order and page live in
// the URL. A page past the last (the list
// shrank, or a hand-typed URL) shows the last one.
export function SurveyResultsPage({ path }: { path: string }) {
  const [view, setView] = useListView(surveyUsersViewSchema);
  const results = useSurveyResults(path, view);
  const { page, since, sort } = view;
  const totalPages = results.data?.pagination.total_pages;

  useEffect(() => {
    if (totalPages === undefined || results.isPlaceholderData) return;
    const clamped = clampPage(page, totalPages);
    if (clamped !== page) setView({ page: clamped }, { replace: true });
  }, [page, totalPages, results.isPlaceholderData, setView]);

  const goTo = (next: number) => setView({ page: next });
  const data = results.data;

  let main;
  if (results.isPending) main = <SurveyLoading label="Loading survey results..." />;
  else if (results.isError)
    main = (
      <SurveyError title="Error loading survey results" error={results.error} onRetry={() => void results.refetch()} />
    );
  else if (data && data.count === 0)
    main = (
      <SurveyEmpty
        title="Nobody has answered this survey yet."
        description="Its questions and choices appear here with the first answer."
      />
    );
  else if (data)
    main = (
      <Stack gap="lg">
        <Stack gap="md" component="section" aria-label="Questions">
          {data.questions.length === 0 ? (
            <SurveyEmpty title="This survey has no questions." />
          ) : (
            data.questions.map((question) => <QuestionResults key={question.id} question={question} />)
          )}
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="survey-users-heading">
          <Group justify="space-between" align="flex-end">
            <Group gap="sm" align="center">
              <Title order={2} fz={18} id="survey-users-heading">
                Users who answered
              </Title>
              <Badge variant="light" size="lg" aria-label="Users who answered count">
                {formatCount(data.pagination.total_count)}
              </Badge>
            </Group>
            <Group gap="sm" align="flex-end">
              <TextInput
                type="date"
                label="Answered since"
                value={since}
                onChange={(event) => setView({ since: event.currentTarget.value })}
                w={180}
              />
              <ExportCsvButton
                call={surveyUsersExportCall}
                query={{ path: data.path, since, sort }}
                total={results.isPlaceholderData ? undefined : data.pagination.total_count}
                noun="users"
              />
            </Group>
          </Group>
          {data.users.length === 0 ? (
            <Text c="dimmed">{since === '' ? 'No users on this page.' : 'Nobody answered on or after that day.'}</Text>
          ) : (
            <Stack
              gap="sm"
              aria-busy={results.isPlaceholderData}
              style={{ opacity: results.isPlaceholderData ? 0.6 : 1 }}
            >
              <Text c="dimmed" fz="sm">
                {orderWords(sort)}, {SURVEY_USERS_PAGE_SIZE} a page.
              </Text>
              <SurveyUsersTable
                path={data.path}
                users={data.users}
                sort={sort}
                onSort={(next) => setView({ sort: next })}
              />
              <PagePagination page={page} totalPages={data.pagination.total_pages} onChange={goTo} />
            </Stack>
          )}
        </Stack>
      </Stack>
    );

  return (
    <Stack gap="md" maw={1200}>
      <SurveyBreadcrumbs
        crumbs={[{ label: 'Home', to: '/' }, { label: 'Surveys', to: surveyPaths.list }, { label: data?.name ?? path }]}
      />
      <Stack gap={4}>
        <Title order={1} fz={24}>
          {data?.name ?? path}
        </Title>
        {data && (
          <Group gap="xs">
            <Code>{data.path}</Code>
            <Text fz="sm" c="dimmed">
              {plural(data.count, 'user answered', 'users answered')} ·{' '}
              {plural(data.questions.length, 'question', 'questions')}
            </Text>
          </Group>
        )}
      </Stack>
      {main}
    </Stack>
  );
}
