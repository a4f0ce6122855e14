import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bankruptcyNotices,
  blogPosts,
  customers,
  disputes,
  identityReviews,
  surveyAnswers,
  surveyQuestions,
  surveys,
} from '@portal/db';
import { openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { createDirectoryStorage, createSsnSealer, systemClock } from '@portal/server/seeding';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoData } from '@portal/demo-data';
import { seedBackOfficeDemo } from './seed-back-office-demo.ts';
import { DEMO_SURVEYS, drawSurveyAnswers, seedSurveysDemo } from './seed-surveys-demo.ts';

const TEST_SECRETS_KEY = Buffer.alloc(32, 7);

describe('the demo work of the back-office dashboards', () => {
  let database: TestDatabase;
  let directory: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    directory = await mkdtemp(join(tmpdir(), 'portal-demo-'));
    await seedDemoData(database.db, { customers: 30, sealSsn: createSsnSealer(TEST_SECRETS_KEY) });
  });
  afterAll(async () => {
    await database.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('uploads notices naming demo customers and dispute letters, each stored and read', async () => {
    const storage = createDirectoryStorage(directory);
    const seeded = await seedBackOfficeDemo({
      db: database.db,
      clock: systemClock,
      storage,
      secretsKey: TEST_SECRETS_KEY,
      businessTimeZone: 'America/Los_Angeles',
      flaggedRoutingNumbers: ['123456780', '987654320'],
    });
    expect(seeded).toEqual({
      notices: 5,
      disputes: 4,
      acdvs: 5,
      identifications: 5,
      incomes: 3,
      surveys: 3,
      surveyAnswers: expect.any(Number) as number,
      blogPosts: 3,
    });
    // Two live posts with a banner each and a draft, through the editor's own rules.
    const posts = await database.db.select().from(blogPosts).orderBy(asc(blogPosts.url));
    expect(posts.map((post) => [post.url, post.live, post.imageFileName])).toEqual([
      ['how-to-build-credit', true, 'how-to-build-credit.jpg'],
      ['hurricane-season-payment-help', true, 'hurricane-season-payment-help.jpg'],
      ['saving-on-groceries', false, null],
    ]);
    expect(posts[0]?.body).toContain('<img src="/blog/images/how-to-build-credit.jpg"');

    const notices = await database.db.select().from(bankruptcyNotices);
    // Four readable notices, each matched to the demo customer it names; one scanned.
    expect(notices.filter((notice) => notice.hasText)).toHaveLength(4);
    for (const notice of notices.filter((candidate) => candidate.hasText)) {
      expect(notice.customerMatch).toBe('ssn_last4_and_name');
      const [customer] = await database.db.select().from(customers).where(eq(customers.id, notice.customerId!));
      expect((notice.parsedData as { debtor_name: string }).debtor_name).toBe(
        `${customer!.firstName} ${customer!.lastName}`,
      );
    }
    expect(notices.find((notice) => !notice.hasText)?.fileName).toBe('scanned-notice.pdf');

    const letters = await database.db.select().from(disputes);
    expect(letters.map((dispute) => dispute.type).sort()).toEqual([
      'Dispute::DebtValidation',
      'Dispute::GoodwillRequest',
      'Dispute::IdentityTheft',
      'Dispute::Other',
    ]);
    for (const row of [...notices, ...letters]) expect(await storage.read(row.storageKey)).not.toBeNull();

    // The identity checks staff read on the cards, in a US lender's spelling (issue 28).
    const reviews = await database.db.select({ analytics: identityReviews.analytics }).from(identityReviews);
    const words = JSON.stringify(reviews.map((review) => review.analytics));
    expect(words).toContain('license');
    expect(words).not.toMatch(/licence/i);
  });

  it('has the demo customers answer three surveys, some questions left blank, each answer a listed choice', async () => {
    const rows = await database.db.select().from(surveys).orderBy(asc(surveys.path));
    expect(rows.map((survey) => survey.path)).toEqual(['customer-service', 'loan-experience', 'payoff-reasons']);
    const questions = await database.db.select().from(surveyQuestions);
    const answers = await database.db.select().from(surveyAnswers);
    // 30 customers: most answer the first two surveys (5 and 6 questions), so a few hundred answers.
    expect(answers.length).toBeGreaterThan(200);
    const byId = new Map(questions.map((question) => [question.id, question]));
    for (const answer of answers) {
      const question = byId.get(answer.questionId)!;
      expect(question.surveyId).toBe(answer.surveyId);
      if (question.format !== 'text' && answer.answer !== '') expect(question.choices).toContain(answer.answer);
    }
    const blanks = answers.filter((answer) => answer.answer === '');
    expect(blanks.length).toBeGreaterThan(0);
    expect(blanks.length).toBeLessThan(answers.length / 4);
    // A second run leaves them as they are.
    expect(await seedSurveysDemo(database.db, new Date())).toEqual({ surveys: 0, surveyAnswers: 0 });
    expect(await database.db.$count(surveyAnswers)).toBe(answers.length);
  });

  it('draws the same answers from the same customers every time, without Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const now = new Date('2026-11-21T17:00:00Z');
    const audience = Array.from({ length: 200 }, (_, index) => index + 1);
    const first = DEMO_SURVEYS.flatMap((survey, index) => drawSurveyAnswers(survey, index, audience, now));
    const second = DEMO_SURVEYS.flatMap((survey, index) => drawSurveyAnswers(survey, index, audience, now));
    expect(second).toEqual(first);
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
    // The default demo (200 customers, about half with a paid-off loan): a few thousand answers.
    expect(first.length).toBeGreaterThan(2000);
    // Never twice the same question for one customer (the table's unique index).
    for (const [index, survey] of DEMO_SURVEYS.entries()) {
      const drawn = drawSurveyAnswers(survey, index, audience, now);
      expect(new Set(drawn.map((answer) => `${answer.customerId}:${answer.question}`)).size).toBe(drawn.length);
    }
  });
});
