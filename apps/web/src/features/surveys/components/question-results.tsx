import { Badge, Card, Grid, Group, Stack, Table, Text } from '@mantine/core';
import { SURVEY_TEXT_TOP_ANSWERS, type SurveyQuestionResult } from '@portal/contracts';
import { ChoicesChart } from './choices-chart.tsx';
import { formatCount, plural, SURVEY_FORMAT_LABELS } from './survey-format.ts';

// One question of the results (spec 001 section 2): its format, its choices ordered by count with
// how many chose each and their share of the answers, as bars and as a table.
export function QuestionResults({ question }: { question: SurveyQuestionResult }) {
  const title = `Q${question.position}. ${question.question}`;
  const textNote =
    question.format === 'text' && question.choices.length > 0
      ? question.other_answers > 0
        ? `The ${question.choices.length} most frequent answers; ${plural(question.other_answers, 'other answer', 'other answers')} not shown.`
        : `${plural(question.choices.length, 'different answer', 'different answers')}, all shown (at most the ${SURVEY_TEXT_TOP_ANSWERS} most frequent are).`
      : null;
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600}>{title}</Text>
          <Badge
            variant="light"
            color={question.format === 'text' ? 'grape' : question.format === 'rating' ? 'teal' : 'blue'}
          >
            {SURVEY_FORMAT_LABELS[question.format]}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          {plural(question.answered, 'answer', 'answers')} · {formatCount(question.no_answer)} No Answer
        </Text>
        {question.answered === 0 ? (
          <Text c="dimmed" fz="sm">
            Nobody has answered this question yet.
          </Text>
        ) : (
          <Grid gap="lg" align="center">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <ChoicesChart question={question.question} choices={question.choices} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Table withTableBorder striped fz="sm" aria-label={`Answers to: ${question.question}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{question.format === 'text' ? 'Answer' : 'Choice'}</Table.Th>
                    <Table.Th ta="right">Users</Table.Th>
                    <Table.Th ta="right">Share</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {question.choices.map((choice) => (
                    <Table.Tr key={choice.choice}>
                      <Table.Td>{choice.choice}</Table.Td>
                      <Table.Td ta="right">{formatCount(choice.count)}</Table.Td>
                      <Table.Td ta="right">{choice.percent}%</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {textNote && (
                <Text fz="xs" c="dimmed" mt={6}>
                  {textNote}
                </Text>
              )}
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Card>
  );
}
