import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { addDays, dateInTimeZone, VERIFICATION_CODES } from '@portal/contracts';
import { customers, loans, type Database, type IdentityAnalytics } from '@portal/db';
import {
  bankNumbersBoxOf,
  insertBankAccount,
  insertUploadedDocuments,
  markPaystubsArrived,
  openIdentityReview,
  prepareUpload,
  type PreparedUpload,
  type ServerContext,
} from '@portal/server/seeding';
import { addExifDateTime } from '@portal/demo-data/samples';
import { drawDriversLicense, drawPaystubImage, drawPaystubPdf, drawSelfie } from './demo-documents.ts';

// The demo's identification cards and paystubs: new applications of demo customers with drawn
// licenses, selfies and paystubs, kept through the same steps as the customer-side upload
// (storage, EXIF read from the file, the review opened). Five identity cards (scores in each band
// and none, one photo with an EXIF date, two on the flagged routing numbers, one on manual fraud
// hold) and three loans whose paystubs need review (a PDF, a photo, and a second stub after one
// already read).

type DemoContext = Pick<
  ServerContext,
  'db' | 'clock' | 'storage' | 'businessTimeZone' | 'flaggedRoutingNumbers' | 'secretsKey'
>;
type Applicant = {
  id: number;
  firstName: string;
  lastName: string;
  birthday: string | null;
  state: string | null;
  street: string | null;
  city: string | null;
  zip: string | null;
};

const checks = (ssn: boolean, address: boolean, face: boolean): IdentityAnalytics => {
  const named = [
    { name: 'ssn_match', pass: ssn, reason: ssn ? 'SSN belongs to the applicant' : 'SSN was issued to someone else' },
    { name: 'name_dob_match', pass: true, reason: 'Name and birthday match the license' },
    {
      name: 'address_match',
      pass: address,
      reason: address ? 'Address on file at the bureaus' : 'Address not found at the bureaus',
    },
    { name: 'phone_match', pass: true, reason: 'Phone registered to the applicant for 4 years' },
    {
      name: 'face_match',
      pass: face,
      reason: face ? 'Selfie matches the license photo' : 'Selfie does not match the license photo',
    },
  ];
  const failed = named.filter((check) => !check.pass);
  return {
    aggregate_check: {
      pass: failed.length === 0,
      reason: failed.length === 0 ? 'All checks passed' : `${failed.length} of ${named.length} checks failed`,
    },
    checks: named,
  };
};

const IDENTITY_CASES = [
  { score: 112, analytics: checks(true, true, true), exif: null, routing: null, hold: false },
  { score: 256, analytics: checks(true, false, true), exif: '2021:06:14 09:32:10', routing: 0, hold: false },
  { score: 357, analytics: checks(false, true, true), exif: null, routing: 1, hold: false },
  { score: null, analytics: checks(true, true, false), exif: null, routing: null, hold: false },
  { score: 612, analytics: checks(false, false, false), exif: '2023:01:02 18:04:55', routing: null, hold: true },
] as const;

const INCOME_CASES = [
  {
    employer: 'Cascade Grocery Co.',
    frequency: 'Bi-weekly',
    grossCents: 184_615,
    netCents: 142_310,
    format: 'pdf',
    older: false,
  },
  {
    employer: 'Riverside Medical Center',
    frequency: 'Semi-monthly',
    grossCents: 225_000,
    netCents: 171_842,
    format: 'image',
    older: false,
  },
  {
    employer: 'Northwind Logistics',
    frequency: 'Weekly',
    grossCents: 86_540,
    netCents: 69_915,
    format: 'pdf',
    older: true,
  },
] as const;

// Customers without an open loan first, newest first (the other demo work names the oldest).
async function applicants(db: Database, count: number): Promise<Applicant[]> {
  const open = db
    .select({ id: loans.id })
    .from(loans)
    .where(
      and(eq(loans.customerId, customers.id), isNull(loans.closedAt), isNull(loans.paidOffAt), isNull(loans.deniedAt)),
    );
  return (
    db
      .select({
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        birthday: customers.birthday,
        state: customers.state,
        street: customers.street,
        city: customers.city,
        zip: customers.zip,
      })
      .from(customers)
      // Those with an open loan only when there are too few others (a small demo).
      .orderBy(sql`exists (${open})`, desc(customers.id))
      .limit(count)
  );
}

async function applyForLoan(db: Database, customerId: number, appliedAt: Date, amountCents: number) {
  const [loan] = await db
    .insert(loans)
    .values({ customerId, appliedAt, appliedAmountCents: amountCents, installmentCount: 12, aprBasisPoints: 3599 })
    .returning({ id: loans.id, customerId: loans.customerId });
  if (!loan) throw new Error('applyForLoan: insert returned nothing');
  return loan;
}

async function keep(
  context: DemoContext,
  loan: { id: number; customerId: number },
  kind: 'identification' | 'selfie' | 'paystub',
  files: Parameters<typeof prepareUpload>[2][],
  at: Date,
) {
  const prepared: PreparedUpload[] = [];
  for (const file of files) prepared.push(await prepareUpload(context, kind, file));
  await context.db.transaction((tx) =>
    insertUploadedDocuments(tx, { customerId: loan.customerId, loanId: loan.id, kind, at }, prepared),
  );
}

export async function seedUnderwritingDemo(
  context: DemoContext,
): Promise<{ identifications: number; incomes: number }> {
  const people = await applicants(context.db, IDENTITY_CASES.length + INCOME_CASES.length);
  const now = context.clock.now();
  let identifications = 0;
  for (const [index, demo] of IDENTITY_CASES.entries()) {
    const person = people[index];
    if (!person) break;
    const at = new Date(now.getTime() - (IDENTITY_CASES.length - index) * 3_600_000);
    const loan = await applyForLoan(context.db, person.id, at, 50_000 + index * 25_000);
    const routing = demo.routing === null ? undefined : context.flaggedRoutingNumbers[demo.routing];
    if (routing)
      await insertBankAccount(context.db, bankNumbersBoxOf(context), {
        customerId: person.id,
        routing,
        account: `7730${person.id}`,
        addedAt: at,
      });
    const state = person.state ?? 'OR';
    const license = drawDriversLicense(
      { ...person, state, licenseNumber: `${state}${String(4_100_000 + person.id * 7919).slice(-7)}` },
      { seed: person.id },
    );
    await keep(
      context,
      loan,
      'identification',
      [
        {
          fileName: 'license-front.jpg',
          content: demo.exif ? addExifDateTime(license, demo.exif) : license,
          contentType: 'image/jpeg',
        },
      ],
      at,
    );
    await keep(
      context,
      loan,
      'selfie',
      [{ fileName: 'selfie.jpg', content: drawSelfie({ seed: person.id }), contentType: 'image/jpeg' }],
      at,
    );
    await context.db.transaction(async (tx) => {
      await openIdentityReview(tx, person.id, loan.id, at, {
        driversLicense: `${state} ${String(4_100_000 + person.id * 7919).slice(-7)}`,
        ekataFraudScore: demo.score,
        analytics: demo.analytics,
      });
      if (demo.hold)
        await tx
          .update(customers)
          .set({ verified: VERIFICATION_CODES.manualFraudHold })
          .where(eq(customers.id, person.id));
    });
    identifications += 1;
  }

  let incomes = 0;
  for (const [index, demo] of INCOME_CASES.entries()) {
    const person = people[IDENTITY_CASES.length + index];
    if (!person) break;
    const at = new Date(now.getTime() - (INCOME_CASES.length - index) * 5_400_000);
    const loan = await applyForLoan(context.db, person.id, at, 80_000 + index * 20_000);
    const payDate = addDays(dateInTimeZone(at, context.businessTimeZone), -3 - index * 2);
    const stub = {
      employer: demo.employer,
      employeeName: `${person.firstName} ${person.lastName}`,
      payDate,
      periodStart: addDays(payDate, demo.frequency === 'Weekly' ? -11 : -18),
      periodEnd: addDays(payDate, -5),
      grossCents: demo.grossCents,
      netCents: demo.netCents,
      frequency: demo.frequency,
    };
    if (demo.older) {
      // A stub read before (too old), then the new one the customer sent.
      const old = {
        ...stub,
        payDate: addDays(payDate, -70),
        periodStart: addDays(payDate, -81),
        periodEnd: addDays(payDate, -75),
      };
      await keep(
        context,
        loan,
        'paystub',
        [
          {
            fileName: 'paystub-old.pdf',
            content: Buffer.from(await drawPaystubPdf(old)),
            contentType: 'application/pdf',
          },
        ],
        new Date(at.getTime() - 86_400_000),
      );
      await context.db.execute(
        sql`update documents set reviewed_at = ${at.toISOString()}::timestamptz where loan_id = ${loan.id}`,
      );
    }
    const file =
      demo.format === 'pdf'
        ? {
            fileName: 'paystub.pdf',
            content: Buffer.from(await drawPaystubPdf(stub)),
            contentType: 'application/pdf' as const,
          }
        : { fileName: 'paystub-photo.jpg', content: drawPaystubImage(stub), contentType: 'image/jpeg' as const };
    await keep(context, loan, 'paystub', [file], at);
    await context.db.transaction((tx) => markPaystubsArrived(tx, loan, at));
    incomes += 1;
  }
  return { identifications, incomes };
}
