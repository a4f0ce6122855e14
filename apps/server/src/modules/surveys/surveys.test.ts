import { beforeAll, describe, expect, it } from 'vitest';
import {
  NO_ANSWER,
  SURVEY_USERS_PAGE_SIZE,
  type SurveyResponseResponse,
  type SurveyResultsResponse,
  type SurveysResponse,
  type UserSearchResponse,
} from '@portal/contracts';
import { bulkInsert, surveyAnswers, surveyQuestions, surveys } from '@portal/db';
import { createCustomer } from '@portal/db/testing';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// Surveys (spec 001 sections 2, 3, 7) on answers built by hand and counted by hand: the list with
// each survey's respondents, the results with choices ordered by count and a page of users, and one
// user's answers with 'No Answer' for a blank and for a question never answered.

const t = useTestApp();
const staff = useStaffSession(t);

const get = (url: string, query: Record<string, string> = {}, headers = staff.headers) =>
  t.app.inject({ method: 'GET', url: `/internal/api/${url}`, headers, query });

type Customer = Awaited<ReturnType<typeof createCustomer>>;
type Question = typeof surveyQuestions.$inferSelect;

async function createSurvey(
  path: string,
  name: string,
  questions: Array<Pick<Question, 'question' | 'format' | 'choices'>>,
): Promise<{ id: number; questions: Question[] }> {
  const [survey] = await t.database.db.insert(surveys).values({ path, name }).returning();
  const rows = await t.database.db
    .insert(surveyQuestions)
    .values(questions.map((question, index) => ({ ...question, surveyId: survey!.id, position: index + 1 })))
    .returning();
  return { id: survey!.id, questions: rows };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 12, minute));

// Each customer answers the survey's first question with the answer in the same place, a minute apart.
const answerFirstQuestion = (survey: { id: number; questions: Question[] }, customers: Customer[], answers: string[]) =>
  bulkInsert(
    t.database.db,
    surveyAnswers,
    customers.map((customer, index) => ({
      surveyId: survey.id,
      questionId: survey.questions[0]!.id,
      customerId: customer.id,
      answer: answers[index]!,
      answeredAt: at(index),
    })),
  );

// loan-experience: a choice, a rating and a text question; four customers.
let experience: { id: number; questions: Question[] };
let people: Customer[];
let stranger: Customer;

beforeAll(async () => {
  experience = await createSurvey('test-loan-experience', 'Loan experience (test)', [
    { question: 'How easy was applying?', format: 'choice', choices: ['Very easy', 'Easy', 'Hard'] },
    { question: 'How likely are you to recommend us?', format: 'rating', choices: ['1', '2', '3', '4', '5'] },
    { question: 'Anything else?', format: 'text', choices: [] },
  ]);
  people = [];
  for (const firstName of ['Ava', 'Ben', 'Cal', 'Dee'])
    people.push(await createCustomer(t.database.db, { firstName, lastName: 'Survey' }));
  stranger = await createCustomer(t.database.db, { firstName: 'Eve', lastName: 'Never' });
  const [easy, rating, text] = experience.questions.map((question) => question.id) as [number, number, number];
  const [ava, ben, cal, dee] = people.map((person) => person.id) as [number, number, number, number];
  const answer = (questionId: number, customerId: number, value: string, minute: number) => ({
    surveyId: experience.id,
    questionId,
    customerId,
    answer: value,
    answeredAt: at(minute),
  });
  await bulkInsert(t.database.db, surveyAnswers, [
    answer(easy, ava, 'Easy', 1),
    answer(rating, ava, '5', 1),
    answer(text, ava, 'Great service', 2),
    answer(easy, ben, 'Easy', 10),
    answer(rating, ben, '4', 10),
    answer(text, ben, '  great SERVICE ', 11),
    // Cal skipped the rating (blank) and never reached the text question.
    answer(easy, cal, 'Very easy', 5),
    answer(rating, cal, '', 5),
    // Dee left the first one blank (spaces only).
    answer(easy, dee, '   ', 7),
    answer(rating, dee, '5', 7),
    answer(text, dee, 'Too slow', 8),
  ]);
});

describe('GET surveys', () => {
  it('lists each survey with how many users answered it, its questions and its newest answer', async () => {
    await createSurvey('test-empty', 'Aardvark survey (test)', [{ question: 'Why?', format: 'text', choices: [] }]);
    const response = await get('surveys');
    expect(response.statusCode).toBe(200);
    const { surveys: list } = response.json<SurveysResponse>();
    expect(list.find((survey) => survey.path === 'test-loan-experience')).toEqual({
      path: 'test-loan-experience',
      name: 'Loan experience (test)',
      count: 4,
      question_count: 3,
      last_answered_at: at(11).toISOString(),
    });
    expect(list.find((survey) => survey.path === 'test-empty')).toEqual({
      path: 'test-empty',
      name: 'Aardvark survey (test)',
      count: 0,
      question_count: 1,
      last_answered_at: null,
    });
    // By name.
    const names = list.map((survey) => survey.name);
    expect(names).toEqual([...names].sort());
  });

  it('needs a signed-in employee', async () => {
    expect((await get('surveys', {}, { authorization: '' })).statusCode).toBe(401);
  });
});

describe('GET survey_results', () => {
  it('orders each question’s choices by count, with percentages of its answers and its blanks', async () => {
    const response = await get('survey_results', { path: 'test-loan-experience' });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json<SurveyResultsResponse>();
    expect(results).toMatchObject({ path: 'test-loan-experience', name: 'Loan experience (test)', count: 4 });
    const [easy, rating, text] = results.questions;
    expect(easy).toMatchObject({
      position: 1,
      question: 'How easy was applying?',
      format: 'choice',
      answered: 3,
      no_answer: 1,
      other_answers: 0,
    });
    expect(easy?.choices).toEqual([
      { choice: 'Easy', count: 2, percent: 66.7 },
      { choice: 'Very easy', count: 1, percent: 33.3 },
      { choice: 'Hard', count: 0, percent: 0 },
    ]);
    expect(rating).toMatchObject({ format: 'rating', answered: 3, no_answer: 1 });
    expect(rating?.choices).toEqual([
      { choice: '5', count: 2, percent: 66.7 },
      { choice: '4', count: 1, percent: 33.3 },
      { choice: '1', count: 0, percent: 0 },
      { choice: '2', count: 0, percent: 0 },
      { choice: '3', count: 0, percent: 0 },
    ]);
    // Free text: the same words in any case and spacing count as one.
    expect(text).toMatchObject({ format: 'text', answered: 3, no_answer: 1, other_answers: 0 });
    expect(text?.choices).toEqual([
      { choice: 'Great service', count: 2, percent: 66.7 },
      { choice: 'Too slow', count: 1, percent: 33.3 },
    ]);
    // The users, newest answer first.
    expect(results.users).toEqual([
      { id: people[1]!.id, first_name: 'Ben', last_name: 'Survey', answered_at: at(11).toISOString() },
      { id: people[3]!.id, first_name: 'Dee', last_name: 'Survey', answered_at: at(8).toISOString() },
      { id: people[2]!.id, first_name: 'Cal', last_name: 'Survey', answered_at: at(5).toISOString() },
      { id: people[0]!.id, first_name: 'Ava', last_name: 'Survey', answered_at: at(2).toISOString() },
    ]);
    expect(results.pagination).toEqual({ current_page: 1, total_pages: 1, total_count: 4 });
  });

  it('shows a text question’s 10 most frequent answers and says how many others there are', async () => {
    const words = await createSurvey('test-words', 'Words (test)', [
      { question: 'One word?', format: 'text', choices: [] },
    ]);
    const answers = Array.from({ length: 12 }, (_, index) => `word ${String(index + 1).padStart(2, '0')}`);
    // 'word 12' twice, then the rest once each: it comes first, the others alphabetically.
    answers.push('word 12');
    const customers: Customer[] = [];
    for (const _ of answers) customers.push(await createCustomer(t.database.db));
    await answerFirstQuestion(words, customers, answers);
    const results = (await get('survey_results', { path: 'test-words' })).json<SurveyResultsResponse>();
    const [question] = results.questions;
    expect(question?.choices.map((choice) => `${choice.choice}: ${choice.count}`)).toEqual([
      'word 12: 2',
      ...Array.from({ length: 9 }, (_, index) => `word 0${index + 1}: 1`),
    ]);
    expect(question).toMatchObject({ answered: 13, no_answer: 0, other_answers: 2 });
  });

  it('pages the users 50 at a time, and a page past the last is empty', async () => {
    const paging = await createSurvey('test-paging', 'Paging (test)', [
      { question: 'Yes or no?', format: 'choice', choices: ['Yes', 'No'] },
    ]);
    const customers: Customer[] = [];
    for (let index = 0; index <= SURVEY_USERS_PAGE_SIZE; index += 1)
      customers.push(await createCustomer(t.database.db));
    await answerFirstQuestion(
      paging,
      customers,
      customers.map((_, index) => (index % 3 === 0 ? 'No' : 'Yes')),
    );
    const page = async (number: string) =>
      (await get('survey_results', { path: 'test-paging', page: number })).json<SurveyResultsResponse>();
    const first = await page('1');
    expect(first.users).toHaveLength(SURVEY_USERS_PAGE_SIZE);
    expect(first.users[0]?.id).toBe(customers.at(-1)!.id);
    expect(first.pagination).toEqual({ current_page: 1, total_pages: 2, total_count: 51 });
    // The counts cover every answer, whatever the page: 17 No (every third of 51), 34 Yes.
    expect(first.questions[0]?.choices).toEqual([
      { choice: 'Yes', count: 34, percent: 66.7 },
      { choice: 'No', count: 17, percent: 33.3 },
    ]);
    const second = await page('2');
    expect(second.users.map((user) => user.id)).toEqual([customers[0]!.id]);
    expect(second.questions).toEqual(first.questions);
    expect((await page('3')).users).toEqual([]);
  });

  it('answers an unknown survey with 404 and bad input with 400, in sentences', async () => {
    const unknown = await get('survey_results', { path: 'no-such-survey' });
    expectErrors(unknown, 404, ["There is no survey at the path 'no-such-survey'. Pick one from the list of surveys."]);
    const cases: [Record<string, string>, string][] = [
      [{}, 'Say which survey: its path is missing.'],
      [{ path: '  ' }, 'Say which survey: its path is missing.'],
      [{ path: 'x'.repeat(101) }, 'A survey path is at most 100 characters.'],
      [{ path: 'test-loan-experience', page: '0' }, 'page: is too small; it must be at least 1.'],
      [{ path: 'test-loan-experience', page: 'two' }, 'page: must be a number.'],
    ];
    for (const [query, sentence] of cases) {
      const response = await get('survey_results', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().errors).toEqual([sentence]);
    }
  });
});

describe('GET survey_response', () => {
  const answersOf = async (id: number, path = 'test-loan-experience') => {
    const response = await get('survey_response', { id: String(id), path });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SurveyResponseResponse>();
  };

  it('gives each question with the user’s answer', async () => {
    const ava = await answersOf(people[0]!.id);
    expect(ava).toMatchObject({
      path: 'test-loan-experience',
      name: 'Loan experience (test)',
      user: { id: people[0]!.id, first_name: 'Ava', last_name: 'Survey' },
      answered_at: at(2).toISOString(),
    });
    expect(ava.questions.map((question) => [question.question, question.answer, question.answered])).toEqual([
      ['How easy was applying?', 'Easy', true],
      ['How likely are you to recommend us?', '5', true],
      ['Anything else?', 'Great service', true],
    ]);
    expect(ava.questions[1]).toMatchObject({ format: 'rating', choices: ['1', '2', '3', '4', '5'] });
  });

  it("says 'No Answer' for a blank answer and for a question never answered", async () => {
    const cal = await answersOf(people[2]!.id);
    expect(cal.questions.map((question) => [question.answer, question.answered, question.answered_at])).toEqual([
      ['Very easy', true, at(5).toISOString()],
      [NO_ANSWER, false, at(5).toISOString()],
      [NO_ANSWER, false, null],
    ]);
    const dee = await answersOf(people[3]!.id);
    expect(dee.questions[0]).toMatchObject({ answer: NO_ANSWER, answered: false });
  });

  it('answers an unknown survey or user, or a user who did not answer, with 404; bad input with 400', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [
        { id: String(people[0]!.id), path: 'nope' },
        404,
        "There is no survey at the path 'nope'. Pick one from the list of surveys.",
      ],
      [{ id: '999999999', path: 'test-loan-experience' }, 404, 'No customer has ID 999999999.'],
      [
        { id: String(stranger.id), path: 'test-loan-experience' },
        404,
        `Customer ${stranger.id} has not answered the survey 'Loan experience (test)'.`,
      ],
      [{ id: 'abc', path: 'test-loan-experience' }, 400, 'An id must be a number.'],
      [{ id: '-4', path: 'test-loan-experience' }, 400, 'An id must be positive.'],
      [{ path: 'test-loan-experience' }, 400, 'An id must be a number.'],
      [{ id: String(people[0]!.id) }, 400, 'Say which survey: its path is missing.'],
    ];
    for (const [query, status, sentence] of cases) {
      const response = await get('survey_response', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(status);
      expect(response.json().errors).toEqual([sentence]);
    }
  });
});

describe('the user card', () => {
  it('links to each survey the customer answered, and to none when they answered none', async () => {
    const card = async (id: number) => {
      const response = await get('users/search', { parameter: 'ID', search: String(id) });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<UserSearchResponse>();
      if (body.kind !== 'user') throw new Error('expected a user');
      return body.user;
    };
    expect((await card(people[2]!.id)).survey_links).toEqual([
      { label: 'Loan experience (test)', url: `/survey/test-loan-experience/${people[2]!.id}` },
    ]);
    // A second survey: both, by name; a blank-only answer still counts as having answered.
    const service = await createSurvey('test-service', 'Customer service (test)', [
      { question: 'Happy?', format: 'choice', choices: ['Yes', 'No'] },
    ]);
    await bulkInsert(t.database.db, surveyAnswers, [
      {
        surveyId: service.id,
        questionId: service.questions[0]!.id,
        customerId: people[2]!.id,
        answer: '',
        answeredAt: at(30),
      },
    ]);
    expect((await card(people[2]!.id)).survey_links).toEqual([
      { label: 'Customer service (test)', url: `/survey/test-service/${people[2]!.id}` },
      { label: 'Loan experience (test)', url: `/survey/test-loan-experience/${people[2]!.id}` },
    ]);
    expect((await card(stranger.id)).survey_links).toEqual([]);
  });
});
