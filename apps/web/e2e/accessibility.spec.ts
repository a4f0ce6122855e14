import type { Browser, Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import {
  API_URL,
  DEMO_EMAIL,
  PASSWORD,
  agentEmail,
  apiTokenOf,
  expect,
  goOnline,
  shoot,
  signIn,
  test,
} from './fixtures.ts';

// WCAG 2.2 AA on every screen and dialog (issue 28): axe (e2e/axe.ts) runs on each screen of the
// route table (app/router.tsx), signed out and signed in, and on the dialogs, menus, popovers and
// drawers opened from them; the keyboard test walks the workspace and a dialog. One sign-in per
// describe, its page reused. Nothing here changes data another spec relies on: dialogs are opened
// and closed with Escape, never submitted (the new authorization form is sent empty, which it
// refuses itself, without a call). The one change, two ACH returns that stop a customer's automatic
// debits, is made through the API, on a customer no other test here looks at.

// It reads the work the demo seeded for other specs to use up (the identification cards, the
// paystubs to review, the applicant, the queue's tickets), so it has a worker, and with it a
// freshly seeded database, of its own (fixtures.ts): what the others did before cannot change it.
test.use({ ownDatabase: true });

type Payment = {
  id: number;
  state: string;
  type: string;
  due: string;
  method: string;
  refundable?: boolean;
  refunded?: string | null;
};
type Loan = {
  id: number;
  display_status: string;
  approved: string | null;
  denied: string | null;
  closed_at: string | null;
  funding_returned: string | null;
  maturity: string | null;
  settlement_min: number | null;
  payments: Payment[];
};
type Customers = {
  // A loan being repaid with a payment due (Change date, Split) and one paid and refundable (Refund).
  repaying: { customerId: number; loanId: number; duePaymentId: number; paidPaymentId: number };
  // An application still to decide (Approve, Deny).
  applicant: { customerId: number; loanId: number };
  // A loan past maturity that may be settled (the settlement input).
  settleable: { customerId: number; loanId: number };
  // A loan being repaid by ACH whose two latest withdrawals, returned, stop automatic debits (the
  // loan card's alert and its new authorization dialog): the one processing and the paid one before.
  stoppable: { customerId: number; loanId: number; withdrawalIds: [number, number] };
};

// Today where the lender works, as the server counts it.
const businessToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());

// The demo customers the screens are checked with, read through the API in one pass.
async function findCustomers(page: Page): Promise<Customers> {
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  const found: Partial<Customers> = {};
  for (let id = 2; id < 600 && !(found.repaying && found.applicant && found.settleable && found.stoppable); id += 1) {
    const response = await page.request.get(`${API_URL}/users/search?parameter=ID&search=${id}`, { headers });
    if (!response.ok()) continue;
    const { loans } = (await response.json()) as { loans: Loan[] };
    const newest = loans[0];
    if (!newest) continue;
    if (!found.repaying && newest.display_status === 'ACTIVE' && !newest.funding_returned) {
      const due = newest.payments.find((payment) => payment.state === 'due' && payment.type === 'Installment');
      const paid = newest.payments.find(
        (payment) => payment.state === 'paid' && payment.refundable && !payment.refunded,
      );
      if (due && paid)
        found.repaying = { customerId: id, loanId: newest.id, duePaymentId: due.id, paidPaymentId: paid.id };
    }
    if (!found.applicant && !newest.approved && !newest.denied && !newest.closed_at)
      found.applicant = { customerId: id, loanId: newest.id };
    const settles = loans.find(
      (loan) => loan.settlement_min !== null && loan.maturity !== null && loan.maturity < businessToday(),
    );
    if (!found.settleable && settles) found.settleable = { customerId: id, loanId: settles.id };
    if (
      !found.stoppable &&
      found.repaying?.customerId !== id &&
      loans.length === 1 &&
      newest.display_status === 'ACTIVE'
    ) {
      const ach = newest.payments
        .filter((payment) => payment.method === 'ach')
        .sort((a, b) => a.due.localeCompare(b.due));
      const processing = ach.find((payment) => payment.state === 'processing');
      const paid = ach
        .filter((payment) => payment.state === 'paid' && processing && payment.due < processing.due)
        .at(-1);
      if (processing && paid)
        found.stoppable = { customerId: id, loanId: newest.id, withdrawalIds: [paid.id, processing.id] };
    }
  }
  const { repaying, applicant, settleable, stoppable } = found;
  if (!repaying || !applicant || !settleable || !stoppable)
    throw new Error(`Demo customers missing: ${JSON.stringify(found)}`);
  return { repaying, applicant, settleable, stoppable };
}

// Mantine's transitions run to their end before axe reads the colours.
const settle = (page: Page) => page.waitForTimeout(250);

// Opens a dialog (or menu, popover, drawer), checks it, closes it with Escape and waits until it is gone.
async function checkDialog(page: Page, open: () => Promise<unknown>, dialog: Locator): Promise<void> {
  await open();
  await expect(dialog).toBeVisible();
  await settle(page);
  await expectNoAxeViolations(page, { include: dialog });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  // axe wants a page of a context made with browser.newContext().
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test.describe('signed out', () => {
  test('the sign-in page, with its error', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Email', { exact: true }).fill(DEMO_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('MFA enrolment with its QR code; the set-password page without its link', async ({ page }) => {
    await page.goto('/enable-mfa');
    await expect(page.getByRole('button', { name: 'Get QR code' })).toBeVisible();
    // An agent no other spec signs in as: enrolment only starts, MFA is on once a code is given.
    await page.getByLabel('Email', { exact: true }).fill(agentEmail(8));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Get QR code' }).click();
    await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/set-password');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('a screen the employee may not open says so', async ({ browser }) => {
  const page = await signedInPage(browser, agentEmail(10));
  await page.goto('/cr_adj');
  await expect(page.getByRole('heading', { name: 'Not available to you' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.context().close();
});

test.describe('signed in', () => {
  // Each test opens its screens by URL, so one failing leaves the others their say.
  test.describe.configure({ timeout: 240_000 });
  let page: Page;
  let customers: Customers;
  test.beforeAll(async ({ browser }) => {
    page = await signedInPage(browser, DEMO_EMAIL);
    customers = await findCustomers(page);
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('the workspace offline and online, its menus, shortcut help and ticket list', async () => {
    await page.goto('/');
    await expect(page.getByRole('switch', { name: 'Online' })).toBeVisible();
    await expectNoAxeViolations(page);

    await goOnline(page);
    await expect(page.getByRole('heading', { name: /^Ticket #\d+$/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Message thread' })).toBeVisible();
    await expectNoAxeViolations(page);

    await checkDialog(page, () => page.getByRole('button', { name: 'Dashboards' }).click(), page.getByRole('menu'));
    await checkDialog(
      page,
      () => page.getByRole('button', { name: 'Keyboard shortcuts' }).click(),
      page.getByRole('dialog', { name: 'Keyboard shortcuts' }),
    );
    await checkDialog(
      page,
      () => page.getByRole('button', { name: /^Archived tickets: / }).click(),
      page.getByRole('dialog', { name: 'Archived tickets' }),
    );
  });

  test('by keyboard: rings on focus, a dialog keeps and gives back focus, J can be turned off', async () => {
    await page.goto('/');
    await goOnline(page);
    const heading = page.getByRole('heading', { name: /^Ticket #\d+$/ });
    await expect(heading).toBeVisible();

    // A focused field shows a ring, not only a border colour (2.4.7).
    const reply = page.getByRole('textbox', { name: 'Reply' });
    await reply.focus();
    await expect(reply).toHaveCSS('outline-style', 'solid');
    await expect(reply).toHaveCSS('outline-width', '2px');

    // Tab from the top goes through the navbar, then the controls bar, in reading order, to the
    // shortcut button, which shows a ring (2.4.3, 2.4.7).
    const button = page.getByRole('button', { name: 'Keyboard shortcuts' });
    await page.getByRole('link', { name: 'The Portal' }).focus();
    const visited: string[] = [];
    for (let step = 0; step < 40 && visited.at(-1) !== 'Keyboard shortcuts'; step += 1) {
      await page.keyboard.press('Tab');
      visited.push(
        await page.evaluate(() => {
          const focused = document.activeElement;
          return (focused?.getAttribute('aria-label') ?? focused?.textContent ?? '').trim();
        }),
      );
    }
    const order = ['Home', 'Log Out', 'Keyboard shortcuts'].map((name) => visited.indexOf(name));
    expect(order[0], visited.join(' > ')).toBeGreaterThanOrEqual(0);
    expect(order, visited.join(' > ')).toEqual([...order].sort((a, b) => a - b));
    await expect(button).toBeFocused();
    await expect(button).toHaveCSS('outline-style', 'solid');

    // Enter opens the dialog with focus inside; Tab stays inside; Escape closes it and focus is
    // back on the button.
    await page.keyboard.press('Enter');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    for (let step = 0; step < 4; step += 1) {
      await page.keyboard.press('Tab');
      expect(await help.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await expect(button).toBeFocused();

    // Single-key shortcuts off (2.1.4): J and ? do nothing, and the choice outlives a reload.
    const ticket = await heading.textContent();
    const toggle = help.getByRole('switch', { name: 'Single-key shortcuts (J and ?)' });
    // The switch is turned by keyboard (Space), not by a forced click: a forced click does not wait
    // for the opening dialog to stop moving, and one that landed on the overlay closed the dialog.
    const turnToggle = async () => {
      await toggle.focus();
      await page.keyboard.press('Space');
    };
    await button.click();
    await turnToggle();
    await expect(toggle).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await page.locator('body').press('j');
    await page.locator('body').press('?');
    await expect(help).toBeHidden();
    await expect(heading).toHaveText(ticket ?? '');
    await page.reload();
    await expect(heading).toBeVisible();
    await button.click();
    await expect(toggle).not.toBeChecked();
    await turnToggle();
    await expect(toggle).toBeChecked();
    // J once the dialog has closed (a key pressed while it closes is the dialog's).
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await page.locator('body').press('j');
    await expect(heading).not.toHaveText(ticket ?? '');
  });

  test('the user page: no search, not found, a customer with the card’s dialogs and popovers', async () => {
    await page.goto('/user');
    await expect(page.getByText(/No Data loaded/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/user?ID=987654321');
    await expect(page.getByText('No customer has ID 987654321.')).toBeVisible();
    await expectNoAxeViolations(page);

    const { customerId, loanId } = customers.repaying;
    await page.goto(`/user?ID=${customerId}`);
    await expect(page.getByRole('article', { name: `Loan #${loanId}` })).toBeVisible();
    await expectNoAxeViolations(page);

    const advanced = page.getByRole('dialog', { name: /^Advanced/ });
    await page.getByRole('button', { name: 'Advanced' }).click();
    for (const tab of ['Update SSN', 'Credit Loan', 'Custom Payments', 'View Documents']) {
      await advanced.getByRole('tab', { name: tab }).click();
      await expect(advanced.getByRole('tabpanel')).toBeVisible();
      await settle(page);
      await expectNoAxeViolations(page, { include: advanced });
    }
    await page.keyboard.press('Escape');
    await expect(advanced).toBeHidden();

    // DNC and DNL share their dialog, as the letters share theirs.
    await checkDialog(
      page,
      () => page.getByRole('switch', { name: 'DNC (do not contact)' }).click({ force: true }),
      page.getByRole('dialog', { name: /^Turn on DNC/ }),
    );
    for (const [button, name] of [
      ['Send account status', 'Send account status'],
      ['FCRA packet', /FCRA packet/i],
      ['Transaction Emails', /^Transaction emails/],
    ] as const) {
      await checkDialog(
        page,
        () => page.getByRole('button', { name: button, exact: true }).click(),
        page.getByRole('dialog', { name }),
      );
    }
    // A popover takes focus (it is drawn at the end of the page) and Escape gives it back.
    const allEmails = page.getByRole('button', { name: 'All emails' });
    const emails = page.getByRole('dialog').filter({ has: page.getByRole('table', { name: 'Emails' }) });
    await checkDialog(page, () => allEmails.click(), emails);
    await expect(allEmails).toBeFocused();
    const hotlink = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Hotlink' }) });
    await checkDialog(
      page,
      async () => {
        await page.getByRole('button', { name: 'Generate hotlink' }).click();
        await expect(hotlink.getByRole('textbox', { name: 'Hotlink' })).toBeVisible();
        expect(await hotlink.evaluate((popover) => popover.contains(document.activeElement))).toBe(true);
      },
      hotlink,
    );
  });

  test('the loan card: history, payoff, custom payments, a payment’s menu and dialogs, settlement', async () => {
    const { customerId, loanId, duePaymentId, paidPaymentId } = customers.repaying;
    await page.goto(`/user?ID=${customerId}`);
    const card = page.getByRole('article', { name: `Loan #${loanId}` });
    await expect(card).toBeVisible();
    for (const [button, name] of [
      ['History', `History · loan #${loanId}`],
      ['Payoff', `Payoff · loan #${loanId}`],
      ['Custom payments…', `Custom payments · loan #${loanId}`],
    ] as const) {
      await checkDialog(
        page,
        () => card.getByRole('button', { name: button, exact: true }).click(),
        page.getByRole('dialog', { name }),
      );
    }
    // The paid payment's menu (Refund in red, highlighted as it opens), then each dialog.
    const actions = (paymentId: number) => card.getByRole('button', { name: `Actions for payment #${paymentId}` });
    await checkDialog(page, () => actions(paidPaymentId).click(), page.getByRole('menu'));
    for (const [paymentId, item] of [
      [duePaymentId, 'Change date…'],
      [duePaymentId, 'Split…'],
      [paidPaymentId, 'Refund…'],
    ] as const) {
      await actions(paymentId).click();
      await checkDialog(
        page,
        () => page.getByRole('menuitem', { name: item }).click(),
        page.getByRole('dialog', { name: new RegExp(`payment #${paymentId}$`) }),
      );
    }

    const settleable = customers.settleable;
    await page.goto(`/user?ID=${settleable.customerId}`);
    const settling = page.getByRole('article', { name: `Loan #${settleable.loanId}` });
    await expect(settling.getByRole('button', { name: 'Create settlement' })).toBeVisible();
    await expectNoAxeViolations(page, { include: settling });
  });

  test('the loan card while automatic debits are stopped: its alert, the new authorization dialog by keyboard', async () => {
    // Two returns in a row stop the customer's automatic debits (12 CFR 1041.8(b)), recorded as a
    // payments admin would (the demo supervisor is one).
    const { customerId, loanId, withdrawalIds } = customers.stoppable;
    const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
    type Answer = { message: string; loan: { debit_stop: object | null } };
    let answer: Answer | null = null;
    for (const paymentId of withdrawalIds) {
      const response = await page.request.post(`${API_URL}/payments/record_return`, {
        headers,
        data: { payment_id: paymentId, return_code: 'R01', returned_on: businessToday() },
      });
      expect(response.ok(), await response.text()).toBe(true);
      answer = (await response.json()) as Answer;
    }
    expect(answer?.loan.debit_stop, answer?.message).toBeTruthy();

    await page.goto(`/user?ID=${customerId}`);
    const card = page.getByRole('article', { name: `Loan #${loanId}` });
    await expect(card.getByRole('alert', { name: 'Automatic debits stopped' })).toBeVisible();
    await expectNoAxeViolations(page, { include: card });

    // From the keyboard: Enter opens the dialog with focus inside; Tab stays inside up to its
    // submit button; sent empty it says what is missing beside each field, without a call; Escape
    // closes it and gives focus back.
    const open = card.getByRole('button', { name: 'Record new authorization' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New authorization of automatic debits' });
    await expect(dialog).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page, { include: dialog });
    const submit = dialog.getByRole('button', { name: 'Record authorization' });
    for (
      let step = 0;
      step < 12 && !(await submit.evaluate((button) => button === document.activeElement));
      step += 1
    ) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await expect(submit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Choose how the customer gave the authorization.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'When the customer gave it' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectNoAxeViolations(page, { include: dialog });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await expect(card.getByRole('alert', { name: 'Automatic debits stopped' })).toBeVisible();
  });

  test('an application: Approve and Deny, and the question they ask', async () => {
    const { customerId, loanId } = customers.applicant;
    await page.goto(`/user?ID=${customerId}`);
    const card = page.getByRole('article', { name: `Loan #${loanId}` });
    await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
    await expectNoAxeViolations(page, { include: card });
    await card.getByRole('button', { name: 'Approve' }).click();
    const question = page.getByRole('dialog').filter({ hasText: `Approve loan #${loanId}?` });
    await expect(question).toBeVisible();
    await settle(page);
    await expectNoAxeViolations(page, { include: question });
    await question.getByRole('button', { name: 'No' }).click();
  });

  test('disputes: landing, unresolved list, a dispute’s tabs', async () => {
    await page.goto('/disputes');
    await expect(page.getByRole('heading', { name: 'Disputes Dashboard' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/disputes/unresolved');
    await expect(page.getByRole('button', { name: 'View Details' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'View Details' }).first().click();
    await expect(page).toHaveURL(/\/disputes\/\d+$/);
    await expect(page.getByRole('tab', { name: 'User Search' })).toBeEnabled();
    await expectNoAxeViolations(page);
    for (const tab of ['User Search', 'Resolution']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectNoAxeViolations(page);
    }
    // Assigned to me on opening, so I may find it frivolous or irrelevant (12 CFR 1022.43(f)).
    const frivolous = page.getByRole('button', { name: 'Frivolous or irrelevant' });
    await checkDialog(
      page,
      () => frivolous.click(),
      page.getByRole('dialog', { name: 'Frivolous or irrelevant dispute' }),
    );
    await expect(frivolous).toBeFocused();
  });

  test('bankruptcy notices: landing, unprocessed list, a notice and its form', async () => {
    await page.goto('/bankruptcy');
    await expect(page.getByRole('heading', { name: 'Upload New Bankruptcy Notices' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/bankruptcy/unprocessed');
    await expect(page.getByRole('heading', { name: 'Unresolved Bankruptcy Notices' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Get Next Notice' }).click();
    await expect(page.getByRole('heading', { name: /^Bankruptcy Notice #\d+$/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByLabel('Case number')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('deadlines: the counts per queue, what is overdue and what is due today', async () => {
    await page.goto('/deadlines');
    await expect(page.getByRole('table', { name: 'Open items per queue' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'deadlines');
  });

  test('mentions: the inbox, empty or not (issue 40)', async () => {
    await page.goto('/mentions');
    await expect(page.getByRole('heading', { name: 'Mentions', level: 1 })).toBeVisible();
    await expect(
      page.getByText('No mentions yet').or(page.getByRole('list', { name: 'Mentions, newest first' })),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('duty audit: the range picker and a report', async () => {
    await page.goto('/duty_audit');
    await expect(page.getByRole('heading', { name: 'Duty audit', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Run audit' }).click();
    await expect(page.getByRole('heading', { name: 'Breaches', level: 2 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('FCRA: the ACDV queue at both routes, the loan lookup and its dialogs', async () => {
    for (const path of ['/fcra', '/acdv']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: /^ACDV \S+$/ })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    // The ACDV's "consumer added information" (FCRA 611(a)(1)(B): 45 days instead of 30).
    await checkDialog(
      page,
      () => page.getByRole('button', { name: 'Consumer added information' }).click(),
      page.getByRole('dialog', { name: 'Consumer added information' }),
    );
    const { loanId } = customers.repaying;
    await page.goto(`/fcra/lookup?loan_id=${loanId}`);
    await expect(page.getByRole('heading', { name: `Loan #${loanId}` })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const [button, dialog] of [
      ['File bankruptcy', 'File bankruptcy'],
      ['Send 103 mailer', 'Send the 103 mailer?'],
    ] as const) {
      await checkDialog(
        page,
        () => page.getByRole('button', { name: button }).click(),
        page.getByRole('dialog', { name: dialog }),
      );
    }
  });

  test('identifications: the cards, an enlarged image, each decision dialog', async () => {
    await page.goto('/identifications');
    await expect(page.getByRole('heading', { name: 'Identifications', exact: true })).toBeVisible();
    const card = page
      .getByRole('region', { name: /^Regular Cases/ })
      .getByRole('article')
      .first();
    await expect(card.getByRole('img').first()).toHaveJSProperty('complete', true);
    await expectNoAxeViolations(page);
    await checkDialog(
      page,
      () =>
        card
          .getByRole('button', { name: /^Enlarge / })
          .first()
          .click(),
      page.getByRole('dialog'),
    );
    await checkDialog(
      page,
      () => card.getByRole('button', { name: 'Request New Documents', exact: true }).click(),
      page.getByRole('dialog', { name: 'Request New Documents' }),
    );
    await checkDialog(
      page,
      () => card.getByRole('button', { name: 'Cancel Loan', exact: true }).click(),
      page.getByRole('dialog', { name: 'Are you sure?' }),
    );
  });

  test('income review, credit report adjustments, the blog and macro editors', async () => {
    await page.goto('/income');
    await expect(page.getByRole('form', { name: 'Verify Income' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/cr_adj');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/blog_post');
    await expect(page.getByRole('button', { name: 'Save draft' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/macros');
    await expect(page.getByRole('button', { name: 'Load', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('GraphQL, customer service analytics, API reference', async () => {
    await page.goto('/graph_ql');
    await expect(page.getByRole('heading', { name: 'GraphQL' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Query' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/visualize/cs');
    await expect(page.getByRole('button', { name: 'Today' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/api-docs');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('surveys: the list, one survey’s results, one customer’s answers', async () => {
    await page.goto('/surveys');
    const list = page.getByRole('table', { name: 'Surveys' });
    await expect(list).toBeVisible();
    await expectNoAxeViolations(page);
    await list.getByRole('link', { name: /^View (the )?results of Loan experience$/ }).click();
    await expect(page.getByRole('heading', { name: 'Loan experience', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await page
      .getByRole('table', { name: 'Users who answered' })
      .getByRole('link', { name: /^View (the )?answers of / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/survey\/[^/]+\/\d+$/);
    await expect(page.getByRole('list', { name: 'Answers' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('staff administration: the list, invite, an employee’s roles and sessions', async () => {
    await page.goto('/admin/staff');
    await expect(page.getByRole('table', { name: 'Staff' })).toBeVisible();
    await expectNoAxeViolations(page);
    await checkDialog(
      page,
      () => page.getByRole('button', { name: 'Invite employee' }).click(),
      page.getByRole('dialog', { name: 'Invite an employee' }),
    );
    const actions = page.getByRole('button', { name: /^Actions for / }).nth(1);
    for (const item of ['Edit roles…', 'Sessions…']) {
      await actions.click();
      await checkDialog(page, () => page.getByRole('menuitem', { name: item }).click(), page.getByRole('dialog'));
    }
  });
});
