import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintIdentity, bigintOwnedBy, integerIdentity, timestampNow } from './columns.ts';
import { customers } from './customers.ts';
import { employees } from './employees.ts';

// The content tools of spec 001 (sections 2, 3, 7): blog posts and customers' survey answers.

// A blog post, live (public at /blog/{url}) or a draft (staff only). The html is sanitized before
// it is stored. subject/short/imageFileName are the spec's meta title, meta description and meta
// image (the wire names of create_post).
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: bigintIdentity(),
    // The post's path: a lower-case slug, unique.
    url: text().notNull().unique(),
    subject: text(),
    short: text(),
    imageFileName: text(),
    category: text(),
    body: text().notNull(),
    live: boolean().notNull().default(false),
    // First time it went live.
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    createdBy: integer().references(() => employees.id),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    updatedBy: integer().references(() => employees.id),
  },
  (table) => [
    index('blog_posts_live_idx')
      .on(table.publishedAt)
      .where(sql`${table.live}`),
  ],
);

// Tags are shared by posts; one of each name whatever its letter case.
export const blogTags = pgTable(
  'blog_tags',
  {
    id: integerIdentity(),
    name: text().notNull(),
  },
  (table) => [uniqueIndex('blog_tags_name_idx').on(sql`lower(${table.name})`)],
);

export const blogPostTags = pgTable(
  'blog_post_tags',
  {
    postId: bigintOwnedBy(() => blogPosts.id),
    tagId: integer()
      .notNull()
      .references(() => blogTags.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.postId, table.tagId] }), index('blog_post_tags_tag_idx').on(table.tagId)],
);

// Images uploaded for posts, public at /blog/images/{name} (the name is unique: the html names it).
export const blogImages = pgTable('blog_images', {
  id: bigintIdentity(),
  name: text().notNull().unique(),
  contentType: text().notNull(),
  byteSize: integer().notNull(),
  storageKey: text().notNull(),
  uploadedBy: integer().references(() => employees.id),
  uploadedAt: timestamp({ withTimezone: true }).notNull(),
});

// A survey customers answer in the customer app, known by its path (e.g. 'loan-experience').
export const surveys = pgTable('surveys', {
  id: integerIdentity(),
  path: text().notNull().unique(),
  name: text().notNull(),
  createdAt: timestampNow(),
});

export const surveyQuestionFormats = ['choice', 'rating', 'text'] as const;

// A survey's questions in the order asked; choices for 'choice' and 'rating' questions.
export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: integerIdentity(),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    question: text().notNull(),
    format: text({ enum: surveyQuestionFormats }).notNull(),
    choices: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [uniqueIndex('survey_questions_position_idx').on(table.surveyId, table.position)],
);

// One customer's answer to one question (at most one: a second answer replaces the first).
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: bigintIdentity(),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    questionId: integer()
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: 'cascade' }),
    customerId: bigintOwnedBy(() => customers.id),
    answer: text().notNull(),
    answeredAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('survey_answers_question_customer_idx').on(table.questionId, table.customerId),
    // Who answered a survey, and one customer's answers.
    index('survey_answers_survey_customer_idx').on(table.surveyId, table.customerId),
    // The user page's survey links.
    index('survey_answers_customer_idx').on(table.customerId),
  ],
);
