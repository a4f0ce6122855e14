import { asc, inArray, isNotNull } from 'drizzle-orm';
import type { SurveyQuestionFormat } from '@portal/contracts';
import { bulkInsert, customers, loans, surveyAnswers, surveyQuestions, surveys, type Database } from '@portal/db';
import { seededRandom } from './demo-documents.ts';

// The demo's surveys (spec 001 sections 2, 3): loan experience, customer service and payoff reasons,
// answered by demo customers over the last six months: a few thousand answers with the default 200
// customers, drawn from a seeded generator so every first start gives the same answers. Some
// questions are left blank (and free-text ones often are), and a few customers stop part way, so the
// answers screen has its 'No Answer's. Inserted in bulk: three statements for the answers at most.

type DemoQuestion = {
  question: string;
  format: SurveyQuestionFormat;
  // Listed choices with how often each is picked; a text question's phrases, the same.
  answers: ReadonlyArray<readonly [string, number]>;
};
type DemoSurvey = {
  path: string;
  name: string;
  // Who is asked: every demo customer, or those with a paid-off loan.
  audience: 'customers' | 'paid_off';
  // The share of the audience that answers.
  takeRate: number;
  questions: readonly DemoQuestion[];
};

const scale = (weights: readonly number[], from = 1) =>
  weights.map((weight, index) => [String(index + from), weight] as const);

export const DEMO_SURVEYS: readonly DemoSurvey[] = [
  {
    path: 'loan-experience',
    name: 'Loan experience',
    audience: 'customers',
    takeRate: 0.85,
    questions: [
      {
        question: 'How did you hear about us?',
        format: 'choice',
        answers: [
          ['Search engine', 31],
          ['Friend or family', 27],
          ['Social media', 18],
          ['Mail offer', 9],
          ['Radio or TV', 6],
          ['Other', 9],
        ],
      },
      {
        question: 'How easy was it to apply for your loan?',
        format: 'choice',
        answers: [
          ['Very easy', 38],
          ['Easy', 34],
          ['Neutral', 14],
          ['Difficult', 9],
          ['Very difficult', 5],
        ],
      },
      {
        question: 'How clear were the terms of your loan?',
        format: 'choice',
        answers: [
          ['Very clear', 45],
          ['Mostly clear', 35],
          ['Somewhat unclear', 14],
          ['Confusing', 6],
        ],
      },
      {
        question: 'How quickly did you receive your funds?',
        format: 'choice',
        answers: [
          ['Same day', 22],
          ['Next business day', 48],
          ['2-3 business days', 22],
          ['Longer than expected', 8],
        ],
      },
      {
        question: 'How would you rate your loan experience overall?',
        format: 'rating',
        answers: scale([4, 6, 14, 36, 40]),
      },
      {
        question: 'How likely are you to recommend us to a friend?',
        format: 'rating',
        answers: scale([2, 1, 2, 3, 3, 8, 7, 12, 18, 20, 24], 0),
      },
      {
        question: 'What could we do better?',
        format: 'text',
        answers: [
          ['Lower interest rates', 22],
          ['Faster funding', 14],
          ['Nothing, everything was great', 18],
          ['A better mobile app', 8],
          ['Clearer payment reminders', 9],
          ['More flexible due dates', 11],
          ['Easier document upload', 6],
          ['Higher loan amounts', 7],
          ['Let me change my payment date online', 3],
          ['Explain the fees up front', 4],
          ['Answer the phone faster', 2],
          ['Weekend support', 2],
        ],
      },
    ],
  },
  {
    path: 'customer-service',
    name: 'Customer service satisfaction',
    audience: 'customers',
    takeRate: 0.8,
    questions: [
      {
        question: 'How did you contact us?',
        format: 'choice',
        answers: [
          ['Text message', 40],
          ['Email', 30],
          ['Phone', 20],
          ['In the app', 10],
        ],
      },
      {
        question: 'Was your question resolved?',
        format: 'choice',
        answers: [
          ['Yes, on first contact', 58],
          ['Yes, after a follow-up', 24],
          ['Not yet', 11],
          ['No', 7],
        ],
      },
      {
        question: 'How long did you wait for a reply?',
        format: 'choice',
        answers: [
          ['Under an hour', 35],
          ['A few hours', 33],
          ['About a day', 20],
          ['More than a day', 12],
        ],
      },
      {
        question: 'How satisfied are you with the help you received?',
        format: 'rating',
        answers: scale([5, 7, 13, 33, 42]),
      },
      {
        question: 'Is there anything else you would like to tell us?',
        format: 'text',
        answers: [
          ['The agent was very helpful', 20],
          ['Replies took too long', 10],
          ['Thank you!', 16],
          ['I had to explain my issue twice', 6],
          ['Quick and friendly', 12],
          ['Please add live chat', 5],
          ['Texts are easier than email for me', 4],
        ],
      },
    ],
  },
  {
    path: 'payoff-reasons',
    name: 'Loan payoff reasons',
    audience: 'paid_off',
    takeRate: 0.9,
    questions: [
      {
        question: 'Why did you pay off your loan?',
        format: 'choice',
        answers: [
          ['Paid on schedule', 34],
          ['Got a bonus or tax refund', 21],
          ['Wanted to save on interest', 18],
          ['Refinanced elsewhere', 9],
          ['Help from family', 7],
          ['Other', 11],
        ],
      },
      {
        question: 'Did you pay it off early?',
        format: 'choice',
        answers: [
          ['Yes', 55],
          ['No', 45],
        ],
      },
      { question: 'How easy was it to pay off your loan?', format: 'rating', answers: scale([3, 5, 12, 35, 45]) },
      {
        question: 'Would you borrow from us again?',
        format: 'choice',
        answers: [
          ['Definitely', 41],
          ['Probably', 29],
          ['Not sure', 16],
          ['Probably not', 9],
          ['Definitely not', 5],
        ],
      },
      {
        question: 'Anything we should know?',
        format: 'text',
        answers: [
          ['Thanks for working with me', 14],
          ['The payoff amount was easy to find', 9],
          ['I wish early payoff were clearer in the app', 6],
          ['I will be back', 8],
          ['The interest added up', 5],
        ],
      },
    ],
  },
];

// How often a question is left blank, and how often a customer stops before the next question.
const BLANK_RATE: Record<SurveyQuestionFormat, number> = { choice: 0.04, rating: 0.05, text: 0.45 };
const STOP_RATE = 0.03;
const ANSWER_WINDOW_DAYS = 180;
// With a large demo (SEED_CUSTOMERS), at most this many customers are asked each survey.
const AUDIENCE_LIMIT = 3000;
const DEMO_SEED = 0x5eed_5a7e;

function weighted(random: () => number, answers: DemoQuestion['answers']): string {
  const total = answers.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [answer, weight] of answers) {
    roll -= weight;
    if (roll < 0) return answer;
  }
  return answers[answers.length - 1]?.[0] ?? '';
}

export type DrawnAnswer = { question: number; customerId: number; answer: string; answeredAt: Date };

// One survey's answers from its audience (customer ids in a fixed order): pure, so the same
// customers and `now` give the same answers. `question` is the question's index in the survey.
export function drawSurveyAnswers(
  survey: DemoSurvey,
  surveyIndex: number,
  audience: readonly number[],
  now: Date,
): DrawnAnswer[] {
  const random = seededRandom(DEMO_SEED + surveyIndex * 7919);
  const drawn: DrawnAnswer[] = [];
  for (const customerId of audience) {
    if (random() >= survey.takeRate) continue;
    // Taken some time in the window; each question a little after the one before.
    let at = now.getTime() - Math.floor(random() * ANSWER_WINDOW_DAYS * 86_400_000) - 3_600_000;
    for (const [index, question] of survey.questions.entries()) {
      if (index > 0 && random() < STOP_RATE) break;
      at += 10_000 + Math.floor(random() * 80_000);
      const blank = random() < BLANK_RATE[question.format];
      const answer = weighted(random, question.answers);
      drawn.push({ question: index, customerId, answer: blank ? '' : answer, answeredAt: new Date(at) });
    }
  }
  return drawn;
}

async function audienceOf(db: Database, audience: DemoSurvey['audience']): Promise<number[]> {
  if (audience === 'customers') {
    const rows = await db.select({ id: customers.id }).from(customers).orderBy(asc(customers.id)).limit(AUDIENCE_LIMIT);
    return rows.map((row) => row.id);
  }
  const rows = await db
    .selectDistinct({ id: loans.customerId })
    .from(loans)
    .where(isNotNull(loans.paidOffAt))
    .orderBy(asc(loans.customerId))
    .limit(AUDIENCE_LIMIT);
  return rows.map((row) => row.id);
}

export async function seedSurveysDemo(db: Database, now: Date): Promise<{ surveys: number; surveyAnswers: number }> {
  const paths = DEMO_SURVEYS.map((survey) => survey.path);
  const existing = await db.select({ id: surveys.id }).from(surveys).where(inArray(surveys.path, paths));
  // Seeded once: a database that has them keeps what it has.
  if (existing.length > 0) return { surveys: 0, surveyAnswers: 0 };
  const audiences = {
    customers: await audienceOf(db, 'customers'),
    paid_off: await audienceOf(db, 'paid_off'),
  };
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(surveys)
      .values(DEMO_SURVEYS.map((survey) => ({ path: survey.path, name: survey.name, createdAt: now })))
      .returning({ id: surveys.id, path: surveys.path });
    const answers: Array<typeof surveyAnswers.$inferInsert> = [];
    for (const [surveyIndex, survey] of DEMO_SURVEYS.entries()) {
      const surveyId = created.find((row) => row.path === survey.path)?.id;
      if (surveyId === undefined) continue;
      const questions = await tx
        .insert(surveyQuestions)
        .values(
          survey.questions.map((question, index) => ({
            surveyId,
            position: index + 1,
            question: question.question,
            format: question.format,
            choices: question.format === 'text' ? [] : question.answers.map(([choice]) => choice),
          })),
        )
        .returning({ id: surveyQuestions.id, position: surveyQuestions.position });
      const questionIds = new Map(questions.map((question) => [question.position - 1, question.id]));
      for (const drawn of drawSurveyAnswers(survey, surveyIndex, audiences[survey.audience], now)) {
        const questionId = questionIds.get(drawn.question);
        if (questionId === undefined) continue;
        answers.push({
          surveyId,
          questionId,
          customerId: drawn.customerId,
          answer: drawn.answer,
          answeredAt: drawn.answeredAt,
        });
      }
    }
    await bulkInsert(tx, surveyAnswers, answers);
    return { surveys: created.length, surveyAnswers: answers.length };
  });
}
