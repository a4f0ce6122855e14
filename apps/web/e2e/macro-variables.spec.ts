import type { Page } from '@playwright/test';
import { addDays, customerDate, smsSegmentsSentence, type MacroValuesResponse } from '@portal/contracts';
import { expectNoAxeViolations } from './axe.ts';
import { API_URL, DEMO_EMAIL, apiTokenOf, expect, goOnline, isTaken, shoot, signIn, take, test } from './fixtures.ts';

type QueueEntry = { id: number; user_id: number | null };

// A text ticket of my queue whose customer (one no other spec took) has one active loan, so the
// demo's payoff_quote macro fills from it; opened by its deep link.
async function openTicketWithOneActiveLoan(page: Page): Promise<{ id: number; values: MacroValuesResponse }> {
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  const queue = await page.request.get(`${API_URL}/tickets?num=25`, { headers });
  const { openTickets } = (await queue.json()) as { openTickets: QueueEntry[] };
  for (const { id, user_id: customerId } of openTickets) {
    if (customerId === null || isTaken(customerId)) continue;
    const ticket = (await (await page.request.get(`${API_URL}/ticket?id=${id}&preview=true`, { headers })).json()) as {
      channel: string;
    };
    if (ticket.channel !== 'text') continue;
    const values = (await (
      await page.request.get(`${API_URL}/macro_values?ticket_id=${id}`, { headers })
    ).json()) as MacroValuesResponse;
    if (values.loan_id === null || values.values.payoff_amount === null) continue;
    take(customerId);
    await page.goto(`/?ticket=${id}`);
    await expect(page.getByRole('heading', { name: `Ticket #${id}` })).toBeVisible();
    return { id, values };
  }
  throw new Error('No text ticket of my queue has a customer with one active loan.');
}

test('an agent inserts a macro that fills itself from the loan and the agent, reads the preview and sends it', async ({
  page,
}) => {
  await signIn(page, DEMO_EMAIL);
  await goOnline(page);
  const { id, values } = await openTicketWithOneActiveLoan(page);
  const firstName = values.values.first_name ?? '';
  const payoff = values.values.payoff_amount ?? '';
  expect(payoff).toMatch(/^\$[\d,]+\.\d\d$/);

  // The demo's payoff_quote: {first_name}, {loan_id}, {payoff_amount}, {agent_first_name} from the
  // account and the agent, {callback_date} asked of the agent.
  await page.getByRole('combobox', { name: 'Insert macro' }).click();
  await page.getByRole('option', { name: 'Payoff quote' }).first().click();
  const form = page.getByRole('dialog', { name: 'Fill in #payoff_quote' });
  const callback = form.getByLabel('Callback date');
  await expect(callback).toBeFocused();
  // Insert with nothing typed says what is needed, and inserts nothing.
  await form.getByRole('button', { name: 'Insert' }).click();
  await expect(form.getByText('Please enter the callback date.')).toBeVisible();
  await expectNoAxeViolations(page, { include: form });
  await shoot(page, 'macro-variables-form');

  const day = addDays(new Date().toISOString().slice(0, 10), 7);
  await callback.fill(day);
  await form.getByRole('button', { name: 'Insert' }).click();
  await expect(form).toBeHidden();

  const reply = page.getByRole('textbox', { name: 'Reply' });
  const filled = `Hi ${firstName}, to pay off loan ${values.loan_id} today takes ${payoff}; it grows a little each day with interest. I'll call you on ${customerDate(day)} to set it up. ${values.values.agent_first_name}`;
  await expect(reply).toHaveValue(filled);
  await expect(reply).toBeFocused();

  // The preview shows the text as the customer gets it, and how many texts it makes.
  const preview = page.getByTestId('reply-preview');
  await expect(preview).toHaveText(filled);
  // Counted as the carriers count it (contracts rules/sms-segments.ts).
  await expect(page.getByText(smsSegmentsSentence(filled))).toBeVisible();
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeEnabled();
  await expectNoAxeViolations(page);
  await shoot(page, 'macro-variables-preview');

  // A variable left (typed by hand here) is marked in the preview and keeps Send off, with a sentence.
  await reply.press('End');
  await reply.pressSequentially(' {amount_agreed}');
  await expect(preview.locator('mark')).toHaveText('{amount_agreed}');
  await expect(
    page.getByText('Fill in {amount_agreed} before sending: the customer would read it exactly as written.'),
  ).toBeVisible();
  await expect(send).toBeDisabled();
  await expectNoAxeViolations(page);
  await shoot(page, 'macro-variables-unfilled');
  await reply.fill(filled);
  await expect(send).toBeEnabled();

  await send.click();
  await expect(page.getByRole('status').filter({ hasText: `Ticket #${id} sent` })).toBeVisible();

  // The customer's thread has the text as the preview showed it.
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  const sent = (await (await page.request.get(`${API_URL}/ticket?id=${id}&preview=true`, { headers })).json()) as {
    messages: Array<{ body: string; inbound: boolean }>;
  };
  expect(sent.messages.filter((message) => !message.inbound).map((message) => message.body)).toContain(filled);
});
