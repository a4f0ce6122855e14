import { and, asc, count, countDistinct, desc, eq, lte, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { readSort, SURVEY_TEXT_TOP_ANSWERS, type SurveyUsersFilters } from '@portal/contracts';
import { surveyAnswers, surveyQuestions, surveys, type Executor } from '@portal/db';
import type { ListWindow } from '../../platform/list-source.ts';
import { findCustomer, findCustomersByIds } from '../customers/index.ts';

// The surveys' queries. Answers are read through survey_answers_survey_customer_idx (survey,
// customer); a blank answer (only spaces) is a skipped question: it makes the customer a respondent
// but counts for no choice.

export type SurveyRecord = typeof surveys.$inferSelect;
export type SurveyQuestionRecord = typeof surveyQuestions.$inferSelect;

// Timestamps read through a raw aggregate arrive as the driver gives them (a Date on PGlite, text on
// node-postgres): one ISO string either way.
export const toIso = (value: unknown): string => new Date(value as string | Date).toISOString();

const trimmedAnswer = sql<string>`regexp_replace(${surveyAnswers.answer}, '^[[:space:]]+|[[:space:]]+$', '', 'g')`;
const notBlank = sql`${surveyAnswers.answer} !~ '^[[:space:]]*$'`;

// Every survey with its respondents, questions and newest answer, in one statement.
export async function listSurveys(db: Executor) {
  const answered = db
    .select({
      surveyId: surveyAnswers.surveyId,
      respondents: countDistinct(surveyAnswers.customerId).as('respondents'),
      lastAnsweredAt: sql<unknown>`max(${surveyAnswers.answeredAt})`.as('last_answered_at'),
    })
    .from(surveyAnswers)
    .groupBy(surveyAnswers.surveyId)
    .as('answered');
  const asked = db
    .select({ surveyId: surveyQuestions.surveyId, questions: count().as('questions') })
    .from(surveyQuestions)
    .groupBy(surveyQuestions.surveyId)
    .as('asked');
  return db
    .select({
      path: surveys.path,
      name: surveys.name,
      respondents: sql<number>`coalesce(${answered.respondents}, 0)::int`,
      questions: sql<number>`coalesce(${asked.questions}, 0)::int`,
      lastAnsweredAt: answered.lastAnsweredAt,
    })
    .from(surveys)
    .leftJoin(answered, eq(answered.surveyId, surveys.id))
    .leftJoin(asked, eq(asked.surveyId, surveys.id))
    .orderBy(asc(surveys.name), asc(surveys.path));
}

export async function findSurveyByPath(db: Executor, path: string): Promise<SurveyRecord | undefined> {
  const [survey] = await db.select().from(surveys).where(eq(surveys.path, path));
  return survey;
}

export async function findQuestions(db: Executor, surveyId: number): Promise<SurveyQuestionRecord[]> {
  return db
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.surveyId, surveyId))
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.id));
}

// The users list's filters (issue 40): only customers whose latest answer came at or after `since`.
export type RespondentFilters = { since: Date | null; sort: SurveyUsersFilters['sort'] };

function answeredSince(since: Date | null): SQL | undefined {
  return since === null ? undefined : sql`max(${surveyAnswers.answeredAt}) >= ${since.toISOString()}::timestamptz`;
}

// The customers whose latest answer came at or after `since` (all of them for null).
export async function countRespondentsSince(db: Executor, surveyId: number, since: Date | null): Promise<number> {
  if (since === null) return countRespondents(db, surveyId);
  const latest = db
    .select({ customerId: surveyAnswers.customerId })
    .from(surveyAnswers)
    .where(eq(surveyAnswers.surveyId, surveyId))
    .groupBy(surveyAnswers.customerId)
    .having(answeredSince(since))
    .as('latest');
  const [row] = await db.select({ n: count() }).from(latest);
  return row?.n ?? 0;
}

export async function countRespondents(db: Executor, surveyId: number): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(surveyAnswers.customerId) })
    .from(surveyAnswers)
    .where(eq(surveyAnswers.surveyId, surveyId));
  return row?.n ?? 0;
}

export type AnswerCount = {
  questionId: number;
  choice: string;
  count: number;
  // Non-blank answers to the question, and how many different ones there are.
  answered: number;
  different: number;
};

// Each question's non-blank answers counted by value, in one statement. A 'text' question's answers
// count as one whatever their letter case (shown in one spelling), and only its most frequent
// SURVEY_TEXT_TOP_ANSWERS come back; a listed question's every value does.
export async function countAnswers(db: Executor, surveyId: number): Promise<AnswerCount[]> {
  const groupKey = sql`case when ${surveyQuestions.format} = 'text' then lower(${trimmedAnswer}) else ${trimmedAnswer} end`;
  // "C" ordering: the same as the screens' (code units), so a tie at the cut keeps the same answers.
  const choice = sql<string>`min(${trimmedAnswer} collate "C")`;
  const grouped = db
    .select({
      questionId: surveyAnswers.questionId,
      format: surveyQuestions.format,
      choice: choice.as('choice'),
      count: sql<number>`count(*)::int`.as('count'),
      rank: sql<number>`(row_number() over (partition by ${surveyAnswers.questionId} order by count(*) desc, ${choice}))::int`.as(
        'rank',
      ),
      answered: sql<number>`(sum(count(*)) over (partition by ${surveyAnswers.questionId}))::int`.as('answered'),
      different: sql<number>`(count(*) over (partition by ${surveyAnswers.questionId}))::int`.as('different'),
    })
    .from(surveyAnswers)
    .innerJoin(surveyQuestions, eq(surveyQuestions.id, surveyAnswers.questionId))
    .where(and(eq(surveyAnswers.surveyId, surveyId), notBlank))
    .groupBy(surveyAnswers.questionId, surveyQuestions.format, groupKey)
    .as('grouped');
  return db
    .select({
      questionId: grouped.questionId,
      choice: grouped.choice,
      count: grouped.count,
      answered: grouped.answered,
      different: grouped.different,
    })
    .from(grouped)
    .where(or(ne(grouped.format, 'text'), lte(grouped.rank, SURVEY_TEXT_TOP_ANSWERS)));
}

// A window of the customers who answered, newest answer first unless sorted otherwise (issue 40:
// by their answer's time or their id, either way).
export async function findRespondents(
  db: Executor,
  surveyId: number,
  { since, sort }: RespondentFilters,
  window: ListWindow,
) {
  const latest = db
    .select({
      customerId: surveyAnswers.customerId,
      answeredAt: sql<unknown>`max(${surveyAnswers.answeredAt})`.as('answered_at'),
    })
    .from(surveyAnswers)
    .where(eq(surveyAnswers.surveyId, surveyId))
    .groupBy(surveyAnswers.customerId)
    .having(answeredSince(since))
    .as('latest');
  const page = await db
    .select({ customerId: latest.customerId, answeredAt: latest.answeredAt })
    .from(latest)
    .orderBy(...respondentOrder(latest, sort))
    .limit(window.limit)
    .offset(window.offset);
  const names = new Map(
    (
      await findCustomersByIds(
        db,
        page.map((row) => row.customerId),
      )
    ).map((customer) => [customer.id, customer]),
  );
  return page.flatMap(({ customerId, answeredAt }) => {
    const customer = names.get(customerId);
    return customer
      ? [{ id: customer.id, firstName: customer.firstName, lastName: customer.lastName, answeredAt }]
      : [];
  });
}

function respondentOrder(
  latest: { customerId: SQLWrapper; answeredAt: SQLWrapper },
  sort: SurveyUsersFilters['sort'],
): SQL[] {
  const { column, descending } = readSort(sort);
  const way = descending ? desc : asc;
  return column === 'answered_at' ? [way(latest.answeredAt), way(latest.customerId)] : [way(latest.customerId)];
}

export async function findCustomerName(db: Executor, customerId: number) {
  const customer = await findCustomer(db, customerId);
  return customer && { id: customer.id, firstName: customer.firstName, lastName: customer.lastName };
}

export async function findCustomerAnswers(db: Executor, surveyId: number, customerId: number) {
  return db
    .select({
      questionId: surveyAnswers.questionId,
      answer: surveyAnswers.answer,
      answeredAt: surveyAnswers.answeredAt,
    })
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.surveyId, surveyId), eq(surveyAnswers.customerId, customerId)));
}
