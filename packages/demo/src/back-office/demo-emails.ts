import { asc } from 'drizzle-orm';
import { DAY_MS, transactionEmailPrefix } from '@portal/contracts';
import { customers, type Database } from '@portal/db';
import {
  serializeTransactionEmail,
  transactionEmailKey,
  type FileStorage,
  type StoredTransactionEmail,
} from '@portal/server/seeding';

// The demo data's transaction emails, so the user page has some to show: three each (a receipt,
// a payment reminder, a text-only notice) for the first five customers. The dev start (main.ts)
// runs this at every start with demo data; a customer who already has any transaction email is left
// as they are, so it writes once and never twice.
export const DEMO_EMAIL_CUSTOMERS = 5;
const FROM = 'Portal Support <support@portal.example>';

type DemoRecipient = { id: number; firstName: string; lastName: string; email: string };

// The customers with the lowest ids: the first of the demo data.
function findFirstCustomers(db: Database, count: number): Promise<DemoRecipient[]> {
  return db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
    .from(customers)
    .orderBy(asc(customers.id))
    .limit(count);
}

// Returns how many emails it wrote.
export async function seedDemoTransactionEmails(
  db: Database,
  storage: FileStorage,
  now: Date = new Date(),
): Promise<number> {
  let written = 0;
  for (const customer of await findFirstCustomers(db, DEMO_EMAIL_CUSTOMERS)) {
    const prefix = transactionEmailPrefix(customer.id);
    if ((await storage.list(prefix, { limit: 1 })).keys.length > 0) continue;
    for (const { name, email } of demoEmails(customer, now)) {
      await storage.write(transactionEmailKey(prefix, new Date(email.sent_at), name), serializeTransactionEmail(email));
      written += 1;
    }
  }
  return written;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function demoEmails(customer: DemoRecipient, now: Date): Array<{ name: string; email: StoredTransactionEmail }> {
  const to = `${customer.firstName} ${customer.lastName} <${customer.email}>`;
  // A different amount for each customer, in whole cents.
  const amountCents = 6_000 + ((customer.id * 1_733) % 9_000);
  const at = (daysAgo: number, hour: number) => {
    const day = new Date(now.getTime() - daysAgo * DAY_MS);
    day.setUTCHours(hour, 0, 0, 0);
    return day.toISOString();
  };
  const dueDate = new Date(now.getTime() + 4 * DAY_MS).toISOString().slice(0, 10);
  return [
    {
      name: 'loan-funded',
      email: {
        subject: 'Your loan has been funded',
        from: FROM,
        to,
        sent_at: at(45, 16),
        text: `Hi ${customer.firstName},\n\nGood news: your loan has been funded. The money should reach your bank account within one to two business days.\n\nYou can see your payment schedule in the app at any time.\n\nThe Portal team`,
      },
    },
    {
      name: 'payment-receipt',
      email: {
        subject: `Payment received: ${dollars(amountCents)}`,
        from: FROM,
        to,
        sent_at: at(15, 17),
        html: [
          '<table width="100%" cellpadding="0" cellspacing="0" style="font-family:Arial,sans-serif">',
          '<tr><td style="background:#1c7ed6;color:#ffffff;padding:16px;font-size:20px">Payment received</td></tr>',
          `<tr><td style="padding:16px">Hi ${customer.firstName},<br><br>We received your payment of <strong>${dollars(amountCents)}</strong>. Thank you!</td></tr>`,
          '<tr><td style="padding:0 16px 16px;color:#868e96;font-size:12px">Questions? Reply to this email.</td></tr>',
          '</table>',
        ].join(''),
        text: `Hi ${customer.firstName},\n\nWe received your payment of ${dollars(amountCents)}. Thank you!\n\nQuestions? Reply to this email.`,
      },
    },
    {
      name: 'payment-reminder',
      email: {
        subject: `Reminder: your payment of ${dollars(amountCents)} is due ${dueDate}`,
        from: FROM,
        to,
        sent_at: at(1, 15),
        html: [
          `<p>Hi ${customer.firstName},</p>`,
          `<p>This is a friendly reminder that your next payment of <b>${dollars(amountCents)}</b> is due on <b>${dueDate}</b>.`,
          ' It will be taken from your account on file; there is nothing you need to do.</p>',
          '<p style="color:#868e96;font-size:12px">To change the date or the method, <a href="https://app.portal.example/payments">open the app</a>.</p>',
        ].join(''),
        text: `Hi ${customer.firstName},\n\nThis is a friendly reminder that your next payment of ${dollars(amountCents)} is due on ${dueDate}. It will be taken from your account on file.`,
      },
    },
  ];
}
