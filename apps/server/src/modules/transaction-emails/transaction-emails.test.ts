import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRANSACTION_EMAIL_ERROR,
  transactionEmailPrefix,
  type ListTransactionEmailsResponse,
  type TransactionEmail,
} from '@portal/contracts';
import { createCustomer } from '@portal/db/testing';
import { createS3Storage } from '../../platform/s3-storage.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { signInAsStaff, type StaffSession } from '../../testing/staff-session.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { useDirectoryStorage, useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { startTestS3Server, type TestS3Server } from '../../testing/test-s3-server.ts';
import { serializeTransactionEmail, transactionEmailKey, type StoredTransactionEmail } from './email-object.ts';

const storage = useDirectoryStorage('transaction-emails-test');
const t = useTestApp({ storage });
const staff = useStaffSession(t);

const get = (app: TestApp['app'], path: string, query: Record<string, string>, headers = staff.headers) =>
  app.inject({ method: 'GET', url: `/internal/api/${path}`, query, headers });
const list = (query: Record<string, string>) => get(t.app, 'users/transaction_emails', query);
const open = (query: Record<string, string>) => get(t.app, 'users/transaction_email', query);

function receipt(overrides: Partial<StoredTransactionEmail> = {}): StoredTransactionEmail {
  return {
    subject: 'Payment received: $84.12',
    from: 'Portal Support <support@portal.example>',
    to: 'Ada Lovelace <ada@example.com>',
    sent_at: '2026-11-01T17:00:00.000Z',
    html: '<p>We received your payment of <b>$84.12</b>.</p>',
    text: 'We received your payment of $84.12.',
    ...overrides,
  };
}

async function store(target: FileStorage, customerId: number, name: string, email: StoredTransactionEmail) {
  const key = transactionEmailKey(transactionEmailPrefix(customerId), new Date(email.sent_at), name);
  await target.write(key, serializeTransactionEmail(email));
  return key;
}

async function expectError(response: Awaited<ReturnType<typeof list>>, status: number, message?: string | RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  const { errors } = response.json() as { errors: string[] };
  expect(errors.length).toBeGreaterThan(0);
  if (typeof message === 'string') expect(errors).toEqual([message]);
  else if (message) expect(errors.join(' ')).toMatch(message);
}

describe('GET users/transaction_emails', () => {
  it("lists the customer's emails only, in key order, with subject and date; one that cannot be read with neither", async () => {
    const customer = await createCustomer(t.database.db);
    const neighbour = await createCustomer(t.database.db);
    const reminder = await store(
      storage,
      customer.id,
      'payment-reminder',
      receipt({ subject: 'Your payment is due soon', sent_at: '2026-11-18T15:00:00-08:00' }),
    );
    const paid = await store(storage, customer.id, 'payment-receipt', receipt());
    const broken = `${transactionEmailPrefix(customer.id)}2026-11-20T000000Z-broken.json`;
    await storage.write(broken, Buffer.from('{"subject": "half an obj'));
    await store(storage, neighbour.id, 'payment-receipt', receipt({ subject: "The neighbour's" }));
    // Customer 1's prefix must not take in customer 12's (or 1x's) emails.
    await storage.write(`transaction_emails/${customer.id}0/x.json`, serializeTransactionEmail(receipt()));

    const response = await list({ user_id: String(customer.id) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      emails: [
        { key: paid, subject: 'Payment received: $84.12', sent_at: '2026-11-01T17:00:00.000Z' },
        { key: reminder, subject: 'Your payment is due soon', sent_at: '2026-11-18T23:00:00.000Z' },
        { key: broken, subject: null, sent_at: null },
      ],
      continuation: null,
    });
  });

  it('answers an empty list for a customer with no emails', async () => {
    const customer = await createCustomer(t.database.db);
    const response = await list({ user_id: String(customer.id) });
    expect(response.json()).toEqual({ emails: [], continuation: null });
  });

  it('pages 50 emails at a time and refuses a token of another list', async () => {
    const customer = await createCustomer(t.database.db);
    const other = await createCustomer(t.database.db);
    const start = Date.parse('2026-01-01T00:00:00Z');
    const keys: string[] = [];
    for (let index = 0; index < 120; index += 1) {
      const sentAt = new Date(start + index * 3_600_000).toISOString();
      keys.push(
        await store(storage, customer.id, `n${index}`, receipt({ subject: `Email ${index}`, sent_at: sentAt })),
      );
    }
    await store(storage, other.id, 'receipt', receipt());

    const pages: ListTransactionEmailsResponse[] = [];
    let continuation: string | null = null;
    do {
      const response = await list({
        user_id: String(customer.id),
        ...(continuation === null ? {} : { continuation }),
      });
      expect(response.statusCode, response.body).toBe(200);
      const page: ListTransactionEmailsResponse = response.json();
      pages.push(page);
      continuation = page.continuation;
    } while (continuation !== null && pages.length < 5);
    expect(pages.map((page) => page.emails.length)).toEqual([50, 50, 20]);
    expect(pages.flatMap((page) => page.emails.map((email) => email.key))).toEqual(keys);
    expect(pages[1]!.emails[0]!.subject).toBe('Email 50');

    // The first page's token continues this customer's list only.
    await expectError(
      await list({ user_id: String(other.id), continuation: pages[0]!.continuation! }),
      400,
      /continuation token does not belong to this list/,
    );
    await expectError(await list({ user_id: String(customer.id), continuation: 'Li4vLi4vZXRj' }), 400);
    await expectError(await list({ user_id: String(customer.id), continuation: '' }), 400);
  });

  it('refuses a missing or bad user_id, and an unknown customer, with an errors list', async () => {
    await expectError(await list({}), 400);
    await expectError(await list({ user_id: 'twelve' }), 400);
    await expectError(await list({ user_id: '-3' }), 400);
    await expectError(await list({ user_id: '99999999' }), 404, 'Customer 99999999 was not found.');
  });

  it('needs a signed-in employee', async () => {
    const customer = await createCustomer(t.database.db);
    const response = await get(t.app, 'users/transaction_emails', { user_id: String(customer.id) }, {} as never);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET users/transaction_email', () => {
  it('answers the email as it was sent: headers, text, and the sanitized HTML in a document for a sandboxed frame', async () => {
    const customer = await createCustomer(t.database.db);
    const key = await store(
      storage,
      customer.id,
      'payment-receipt',
      receipt({
        html: [
          '<p style="color:#333">Paid <b>$84.12</b></p>',
          '<script>alert("script")</script>',
          '<img src="x" onerror="alert(\'img\')">',
          '<img src="data:image/png;base64,iVBORw0KGgo=" alt="logo">',
          '<a href="javascript:alert(\'link\')">bad link</a>',
          '<a href="https://app.portal.example/payments">good link</a>',
          '<iframe src="https://evil.example"></iframe>',
          '<form action="https://evil.example"><input name="ssn"></form>',
          '<svg onload="alert(1)"><script>alert(2)</script></svg>',
          '<style>body{background:url(https://tracker.example/p.gif)}</style>',
        ].join(''),
      }),
    );

    const response = await open({ user_id: String(customer.id), key });
    expect(response.statusCode, response.body).toBe(200);
    const email: TransactionEmail = response.json();
    expect(email).toMatchObject({
      key,
      subject: 'Payment received: $84.12',
      from: 'Portal Support <support@portal.example>',
      to: 'Ada Lovelace <ada@example.com>',
      date: '2026-11-01T17:00:00.000Z',
      text: 'We received your payment of $84.12.',
    });
    const { srcdoc } = email;
    expect(srcdoc).toContain('<p style="color:#333">Paid <b>$84.12</b></p>');
    expect(srcdoc).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="logo" />');
    expect(srcdoc).toContain(
      '<a href="https://app.portal.example/payments" target="_blank" rel="noopener noreferrer">good link</a>',
    );
    expect(srcdoc).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:">`,
    );
    const body = srcdoc.slice(srcdoc.indexOf('<body>'));
    for (const forbidden of [
      '<script',
      'onerror',
      'onload',
      'javascript:',
      '<iframe',
      '<form',
      '<input',
      '<svg',
      'alert(',
      'tracker.example',
    ])
      expect(body, forbidden).not.toContain(forbidden);
  });

  it('shows a text-only email as its text, escaped, in a <pre>', async () => {
    const customer = await createCustomer(t.database.db);
    const { html: _html, ...textOnly } = receipt({ text: 'Your code is <b>not bold</b> & stays "as is"\nSecond line' });
    const key = await store(storage, customer.id, 'notice', textOnly);
    const email: TransactionEmail = (await open({ user_id: String(customer.id), key })).json();
    expect(email.text).toBe('Your code is <b>not bold</b> & stays "as is"\nSecond line');
    expect(email.srcdoc).toContain(
      '<pre class="portal-text-email">Your code is &#60;b&#62;not bold&#60;/b&#62; &#38; stays &#34;as is&#34;\nSecond line</pre>',
    );
  });

  it("refuses another customer's email, a path trick, a missing key or user_id, and an unknown customer", async () => {
    const customer = await createCustomer(t.database.db);
    const other = await createCustomer(t.database.db);
    const theirs = await store(storage, other.id, 'payment-receipt', receipt({ subject: 'Not yours' }));
    const user_id = String(customer.id);

    await expectError(
      await open({ user_id, key: theirs }),
      404,
      `That email is not one of customer ${customer.id}'s transaction emails.`,
    );
    for (const key of [
      `${transactionEmailPrefix(customer.id)}../${other.id}/${theirs.split('/').pop()}`,
      `${transactionEmailPrefix(customer.id)}..`,
      `/${theirs}`,
      `${transactionEmailPrefix(customer.id)}/x.json`,
      `transaction_emails\\${customer.id}\\..\\${other.id}\\x.json`,
      '../../../etc/passwd',
    ])
      await expectError(await open({ user_id, key }), 400, 'That is not the key of a transaction email.');
    // Not even a prefix of their own that another customer's id begins with.
    await expectError(await open({ user_id: String(other.id).slice(0, -1) || '1', key: theirs }), 404);
    await expectError(await open({ user_id }), 400);
    await expectError(await open({ user_id, key: '' }), 400);
    await expectError(await open({ key: theirs }), 400);
    await expectError(
      await open({ user_id: '99999999', key: 'transaction_emails/99999999/x.json' }),
      404,
      'Customer 99999999 was not found.',
    );
    await expectError(await open({ user_id, key: 'x'.repeat(1025) }), 400);
  });

  it(`answers '${TRANSACTION_EMAIL_ERROR}' when the object is missing or is no email`, async () => {
    const customer = await createCustomer(t.database.db);
    const prefix = transactionEmailPrefix(customer.id);
    const user_id = String(customer.id);
    await expectError(
      await open({ user_id, key: `${prefix}2026-01-01T000000Z-gone.json` }),
      404,
      TRANSACTION_EMAIL_ERROR,
    );
    const broken: Array<[string, Buffer]> = [
      ['not-json', Buffer.from('<html>not json</html>')],
      ['no-subject', Buffer.from(JSON.stringify({ from: 'a', to: 'b', sent_at: '2026-01-01T00:00:00Z', text: 'x' }))],
      ['no-body', Buffer.from(JSON.stringify({ subject: 's', from: 'a', to: 'b', sent_at: '2026-01-01T00:00:00Z' }))],
      ['bad-date', serializeTransactionEmail(receipt({ sent_at: 'yesterday' }))],
      ['not-utf8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])],
    ];
    for (const [name, content] of broken) {
      const key = `${prefix}2026-01-01T000000Z-${name}.json`;
      await storage.write(key, content);
      await expectError(await open({ user_id, key }), 422, TRANSACTION_EMAIL_ERROR);
    }
  });
});

describe('over S3', () => {
  let s3: TestS3Server;
  let s3App: TestApp;
  let s3Staff: StaffSession;
  let s3Storage: FileStorage;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    s3Storage = createS3Storage(s3.storageOptions);
    s3App = await createTestApp({ storage: s3Storage });
    s3Staff = await signInAsStaff(s3App.app, s3App.database.db);
  });
  afterAll(async () => {
    await s3App.close();
    await s3.close();
  });

  it('lists, pages and opens the emails kept in a bucket', async () => {
    const customer = await createCustomer(s3App.database.db);
    const keys: string[] = [];
    for (let index = 0; index < 52; index += 1)
      keys.push(
        await store(
          s3Storage,
          customer.id,
          `n${index}`,
          receipt({ sent_at: new Date(Date.UTC(2026, 0, 1, index)).toISOString() }),
        ),
      );
    const first: ListTransactionEmailsResponse = (
      await get(s3App.app, 'users/transaction_emails', { user_id: String(customer.id) }, s3Staff.headers)
    ).json();
    expect(first.emails.map((email) => email.key)).toEqual(keys.slice(0, 50));
    const second: ListTransactionEmailsResponse = (
      await get(
        s3App.app,
        'users/transaction_emails',
        { user_id: String(customer.id), continuation: first.continuation! },
        s3Staff.headers,
      )
    ).json();
    expect(second).toEqual({
      emails: keys.slice(50).map((key) => ({ key, subject: 'Payment received: $84.12', sent_at: expect.any(String) })),
      continuation: null,
    });
    const email = await get(
      s3App.app,
      'users/transaction_email',
      { user_id: String(customer.id), key: keys[0]! },
      s3Staff.headers,
    );
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json()).toMatchObject({ subject: 'Payment received: $84.12', date: '2026-01-01T00:00:00.000Z' });
  });

  it(`answers 503 '${TRANSACTION_EMAIL_ERROR}' when the bucket cannot be reached`, async () => {
    const unreachable = createS3Storage({ ...s3.storageOptions, endpoint: 'http://127.0.0.1:9' });
    const app = await createTestApp({ storage: unreachable });
    try {
      const employee = await signInAsStaff(app.app, app.database.db);
      const customer = await createCustomer(app.database.db);
      const key = `${transactionEmailPrefix(customer.id)}2026-01-01T000000Z-receipt.json`;
      await expectError(
        await get(app.app, 'users/transaction_email', { user_id: String(customer.id), key }, employee.headers),
        503,
        TRANSACTION_EMAIL_ERROR,
      );
      await expectError(
        await get(app.app, 'users/transaction_emails', { user_id: String(customer.id) }, employee.headers),
        503,
      );
    } finally {
      await app.close();
    }
  });
});
