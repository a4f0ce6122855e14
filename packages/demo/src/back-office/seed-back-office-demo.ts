import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { customers, loans, type Database } from '@portal/db';
import { DEMO_EMAIL, findEmployeeByEmail } from '@portal/db/seed';
import { createDisputes, createNotices, importAcdvFile, type Actor, type ServerContext } from '@portal/server/seeding';
import {
  drawDisputeLetter,
  drawNotice,
  type DisputeLetterKind,
  type SampleNoticeKind,
} from '@portal/demo-data/samples';
import { seedBlogDemo } from './demo-posts.ts';
import { sampleAcdvFile } from './sample-acdvs.ts';
import { seedSurveysDemo } from './seed-surveys-demo.ts';
import { seedUnderwritingDemo } from './seed-underwriting-demo.ts';

// The demo's first start (dev, demo data): a few bankruptcy notices and dispute letters, drawn as
// the courts and customers write them and uploaded through the same path as staff uploads (read,
// matched, stored), so both dashboards have work to show. Notices name demo customers with open
// loans by their SSN's last four and name, so processing one shows its consequences. The demo
// customers' survey answers (seed-surveys-demo.ts) and the blog's posts come last.

type DemoContext = Pick<
  ServerContext,
  'db' | 'clock' | 'storage' | 'secretsKey' | 'businessTimeZone' | 'flaggedRoutingNumbers'
>;

type Uploads = Parameters<typeof createNotices>[2];

const NOTICE_KINDS: readonly SampleNoticeKind[] = ['chapter7', 'chapter13', 'discharge', 'dismissal'];
const LETTER_KINDS: readonly DisputeLetterKind[] = ['identity_theft', 'debt_validation', 'goodwill', 'other'];
const ACDV_LOANS = 4;

async function customersWithOpenLoans(db: Database, count: number) {
  return db
    .selectDistinct({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      ssnLast4: customers.ssnLast4,
      street: customers.street,
      city: customers.city,
      state: customers.state,
      zip: customers.zip,
    })
    .from(customers)
    .innerJoin(loans, eq(loans.customerId, customers.id))
    .where(
      and(isNotNull(loans.fundedAt), isNull(loans.paidOffAt), isNull(loans.closedAt), isNotNull(customers.ssnLast4)),
    )
    .orderBy(asc(customers.id))
    .limit(count);
}

export type BackOfficeDemoSummary = {
  notices: number;
  disputes: number;
  acdvs: number;
  identifications: number;
  incomes: number;
  surveys: number;
  surveyAnswers: number;
  blogPosts: number;
};

export async function seedBackOfficeDemo(context: DemoContext): Promise<BackOfficeDemoSummary> {
  const employee = await findEmployeeByEmail(context.db, DEMO_EMAIL);
  if (!employee)
    return {
      notices: 0,
      disputes: 0,
      acdvs: 0,
      identifications: 0,
      incomes: 0,
      surveys: 0,
      surveyAnswers: 0,
      blogPosts: 0,
    };
  const actor: Actor = { employeeId: employee.id, name: employee.name, permissions: [], ipAddress: 'demo seed' };
  const people = await customersWithOpenLoans(context.db, NOTICE_KINDS.length + LETTER_KINDS.length + ACDV_LOANS);

  // Uploads as the multipart reader hands them over (platform/ of the server).
  const notices: Uploads = { files: [], failures: [], fields: {} };
  for (const [index, kind] of NOTICE_KINDS.entries()) {
    const person = people[index];
    const content = await drawNotice(
      kind,
      person ? { debtorName: `${person.firstName} ${person.lastName}`, debtorSsn: person.ssnLast4 } : {},
      { pages: 2 },
    );
    notices.files.push({ fileName: `${kind}-notice.pdf`, content: Buffer.from(content) });
  }
  notices.files.push({
    fileName: 'scanned-notice.pdf',
    content: Buffer.from(await drawNotice('chapter7', {}, { scanned: true })),
  });

  const letters: Uploads = { files: [], failures: [], fields: {} };
  for (const [index, kind] of LETTER_KINDS.entries()) {
    const person = people[NOTICE_KINDS.length + index];
    const sender =
      person?.street && person.city && person.state && person.zip
        ? {
            name: `${person.firstName} ${person.lastName}`,
            street: person.street,
            city: person.city,
            state: person.state,
            zip: person.zip,
          }
        : undefined;
    const content = await drawDisputeLetter({ kind, ...(sender ? { sender } : {}), pages: index % 2 === 0 ? 1 : 2 });
    letters.files.push({ fileName: `${kind.replace('_', '-')}-letter.pdf`, content: Buffer.from(content) });
  }

  const createdNotices = await createNotices(context, actor, notices);
  const createdDisputes = await createDisputes(context, actor, letters);

  // ACDV requests about loans of customers the notices and letters do not name.
  const acdvPeople = people.slice(NOTICE_KINDS.length + LETTER_KINDS.length).map((person) => person.id);
  const acdvLoans =
    acdvPeople.length === 0
      ? []
      : await context.db
          .selectDistinctOn([loans.customerId], { id: loans.id })
          .from(loans)
          .where(and(inArray(loans.customerId, acdvPeople), isNotNull(loans.fundedAt)))
          // The open loan of each customer first: the one a bureau would ask about.
          .orderBy(asc(loans.customerId), sql`${loans.paidOffAt} is null desc`, desc(loans.id));
  const acdvFile = await sampleAcdvFile(
    context,
    acdvLoans.map((loan) => loan.id),
  );
  const acdvs = await importAcdvFile(
    context,
    { employeeId: employee.id, ipAddress: null },
    { fileName: 'demo-acdv-requests.json', content: acdvFile },
  );
  const underwriting = await seedUnderwritingDemo(context);
  const surveyCounts = await seedSurveysDemo(context.db, context.clock.now());
  // Relative links in the demo's posts: they work whatever address the Portal is served at.
  const blog = await seedBlogDemo({ ...context, publicUrl: null }, actor);
  return {
    notices: createdNotices.notices.length,
    disputes: createdDisputes.created_disputes.length,
    acdvs: acdvs.imported,
    ...underwriting,
    ...surveyCounts,
    blogPosts: blog.posts,
  };
}
