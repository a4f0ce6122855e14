import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  API_URL,
  agentEmail,
  apiTokenOf,
  expect,
  shoot,
  startSeededPortal,
  storeSession,
  test as base,
} from './fixtures.ts';
import { freePort, type PortalServer } from './portal-server.ts';

// The contact gate (issue 30, decision 046): a text written outside the customer's hours is held,
// and goes out when their window opens. This spec has a server of its own, with the customer's
// window (CONTACT_WINDOW) opening some ten minutes from now and a clock the spec moves (the demo's
// DEMO_CLOCK_FILE: once the text is held, to a few seconds before the window opens, instead of
// waiting; issue 38), and a stand-in for Twilio (TWILIO_API_BASE_URL) that records what the outbox
// sends: an agent writes the text, is told when it will go out, and the stand-in receives it then,
// not before.

// The text the stand-in received, as Twilio's Messages API reads it (form fields To, From, Body).
type ReceivedText = { to: string; from: string; body: string; at: number };
type StandInTwilio = { url: string; texts: ReceivedText[] };
type Customer = {
  phone_number: string | null;
  state: string | null;
  dnc: boolean;
  cease: boolean;
  attorney: boolean;
  recent_messages: Array<{ inbound: boolean }>;
};

const ACCOUNT_SID = 'AC00000000000000000000000000000e2e';
const FROM_NUMBER = '5035550100';
// The lender's zone: the employee's browser shows times in it ("Held until ...").
const EMPLOYEE_TIME_ZONE = 'America/Los_Angeles';
// The window opens on the first whole minute at least this long after the test starts: far more than
// the server's start and the agent's writing take on a busy machine, so the text is held.
const LEAD_MS = 10 * 60_000;
// Where the clock is moved once the text is held: this long before the window opens.
const JUMP_TO_MS_BEFORE = 3_000;
// How long the outbox may take to send a text once its time has come (it polls every second).
const SEND_SLACK_MS = 15_000;

// A single-zone state the demo has customers in, whose local time leaves the window room to open
// later today: Ohio (Eastern) before 10 pm there, else California (then 7 pm or earlier).
function customerZoneNow(): { state: string; zone: string } {
  const easternHour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
  return easternHour < 22 ? { state: 'OH', zone: 'America/New_York' } : { state: 'CA', zone: 'America/Los_Angeles' };
}

// "14:39": the local hour and minute of an instant in a zone.
function localHourMinute(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(at)
    .padStart(5, '0');
}

// "2:39 pm", as the gate writes a time for staff.
function clockTime(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' })
    .format(at)
    .replace(/\s*AM$/, ' am')
    .replace(/\s*PM$/, ' pm');
}

// As the user card writes a timestamp (lib/format.ts formatDateTime) in the employee's zone.
function cardDateTime(at: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: EMPLOYEE_TIME_ZONE,
  }).format(at);
}

function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(new URLSearchParams(body)));
    request.on('error', reject);
  });
}

// A stand-in for Twilio's Messages API: records every text POSTed to the account's Messages.json and
// answers a message sid, as Twilio does.
async function startStandInTwilio(): Promise<StandInTwilio & { close: () => Promise<void> }> {
  const texts: ReceivedText[] = [];
  const server = createServer((request, response) => {
    void formOf(request).then((form) => {
      if (request.method !== 'POST' || request.url !== `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
        return;
      }
      const at = Date.now();
      texts.push({ to: form.get('To') ?? '', from: form.get('From') ?? '', body: form.get('Body') ?? '', at });
      response
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sid: `SM${String(texts.length).padStart(32, '0')}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    texts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Gate = {
  // What the stand-in Twilio received.
  texts: ReceivedText[];
  // The customer's state and its zone.
  state: string;
  zone: string;
  // When the window opens: the first whole minute at least LEAD_MS away.
  opensAt: Date;
  // Sets the server's clock this far ahead of the real one (the demo's DEMO_CLOCK_FILE).
  setClockAhead: (milliseconds: number) => void;
};

// A server of the test's own, its window opening at `opensAt` in the customer's zone, its texts
// going to the stand-in, its outbox polling every second.
const test = base.extend<{ gate: Gate & { portal: PortalServer } }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  gate: async ({}, use, testInfo) => {
    const standIn = await startStandInTwilio();
    const { state, zone } = customerZoneNow();
    const opensAt = new Date(Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000);
    const clockFile = join(testInfo.outputDir, 'demo-clock-offset');
    mkdirSync(testInfo.outputDir, { recursive: true });
    const setClockAhead = (milliseconds: number) => writeFileSync(clockFile, String(Math.round(milliseconds)));
    setClockAhead(0);
    try {
      const portal = await startSeededPortal({
        port: await freePort(),
        name: `contact gate ${testInfo.workerIndex}`,
        env: {
          CONTACT_WINDOW: `${localHourMinute(opensAt, zone)}-24:00`,
          DEMO_CLOCK_FILE: clockFile,
          OUTBOX_POLL_MS: '1000',
          TWILIO_API_BASE_URL: standIn.url,
          TWILIO_ACCOUNT_SID: ACCOUNT_SID,
          TWILIO_AUTH_TOKEN: 'e2e-stand-in-token',
          TWILIO_FROM_NUMBER: FROM_NUMBER,
        },
      });
      try {
        await use({ texts: standIn.texts, state, zone, opensAt, setClockAhead, portal });
      } finally {
        await portal.stop();
      }
    } finally {
      await standIn.close();
    }
  },
  baseURL: async ({ gate }, use) => {
    await use(gate.portal.url);
  },
});

// The server's start is the test's.
test.describe.configure({ timeout: 180_000 });
test.use({ timezoneId: EMPLOYEE_TIME_ZONE });

// A customer the gate only asks the hours of: a phone, no flag that refuses, no message from them
// lately (an answer to a live conversation goes out at any hour). One living in the state if there
// is one among the first, else the first such customer, moved there through the API.
async function pickCustomer(page: Page, state: string): Promise<{ id: number; phone: string }> {
  const headers = { authorization: `Bearer ${await apiTokenOf(page)}` };
  let first: { id: number; phone: string } | null = null;
  for (let id = 2; id < 60; id += 1) {
    const response = await page.request.get(`${API_URL}/users/search?parameter=ID&search=${id}`, { headers });
    if (!response.ok()) continue;
    const { user } = (await response.json()) as { user: Customer };
    if (!user.phone_number || user.dnc || user.cease || user.attorney) continue;
    if (user.recent_messages.some((message) => message.inbound)) continue;
    if (user.state === state) return { id, phone: user.phone_number };
    first ??= { id, phone: user.phone_number };
  }
  if (!first) throw new Error('No demo customer with a phone and no contact flag among the first ones.');
  const moved = await page.request.patch(`${API_URL}/users/edit_info`, {
    headers,
    data: { id: first.id, parameter: 'state', text: state },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  return first;
}

test('a text written in the quiet hours is held, and goes out when the window opens', async ({ page, gate }) => {
  await storeSession(page, agentEmail(3));
  const customer = await pickCustomer(page, gate.state);
  await page.goto(`/user?ID=${customer.id}`);
  await expect(page.getByRole('heading', { name: 'New message' })).toBeVisible();
  expect(
    gate.opensAt.getTime() - Date.now(),
    `Setting up took more than ${LEAD_MS / 1000} s: the window opens before the text is written.`,
  ).toBeGreaterThan(5_000);

  // The composer, as a text: before Send it says when the text will go out (the window's opening,
  // in the customer's time).
  const channel = page.getByRole('radiogroup', { name: 'Channel' });
  await channel.getByText('Text', { exact: true }).click();
  await expect(channel.getByRole('radio', { name: 'Text' })).toBeChecked();
  await expect(
    page.getByRole('radiogroup', { name: 'Purpose' }).getByRole('radio', { name: 'Servicing' }),
  ).toBeChecked();
  const verdict = page.locator(`#composer-verdict-${customer.id}`);
  // The hour it is there ("It is 9:42 pm") moves on while the test runs; the opening does not.
  const sentence = `It is \\d{1,2}:\\d{2} [ap]m for this customer; the text will go out at ${clockTime(gate.opensAt, gate.zone)}\\.`;
  await expect(verdict).toHaveText(new RegExp(`^${sentence}$`));
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toHaveAccessibleDescription(new RegExp(`^${sentence}$`));

  const body = `Your statement is ready in the app (ref ${Date.now().toString(36)}).`;
  await page.getByRole('textbox', { name: 'Message' }).fill(body);
  await send.click();
  await expect(
    page.getByText(
      new RegExp(`^Text to ${customer.phone} is held for the customer's quiet hours, not sent yet\\. ${sentence}$`),
    ),
  ).toBeVisible();

  // The card's recent messages: the text, held until the window opens (in the employee's time).
  const recent = page.getByLabel('Recent messages', { exact: true });
  const row = recent.locator(':scope > div').filter({ hasText: body });
  await expect(row).toContainText(`Held until ${cardDateTime(gate.opensAt)}`);
  expect(gate.texts.filter((text) => text.body === body)).toEqual([]);
  await shoot(page, 'contact-gate-held');

  // The clock moves to a few seconds before the window opens (the server follows within a quarter
  // second): nothing goes out before its time, then the outbox sends it, once, to the customer's number.
  const aheadMs = gate.opensAt.getTime() - JUMP_TO_MS_BEFORE - Date.now();
  gate.setClockAhead(aheadMs);
  await expect
    .poll(() => gate.texts.filter((text) => text.body === body).length, { timeout: 30_000, intervals: [500] })
    .toBeGreaterThan(0);
  const received = gate.texts.filter((text) => text.body === body);
  expect(received).toEqual([{ to: `+1${customer.phone}`, from: `+1${FROM_NUMBER}`, body, at: expect.any(Number) }]);
  // The stand-in notes the real time; the server's was aheadMs later.
  expect(received[0]!.at + aheadMs).toBeGreaterThanOrEqual(gate.opensAt.getTime());
  expect(received[0]!.at + aheadMs).toBeLessThan(gate.opensAt.getTime() + SEND_SLACK_MS);

  // Sent: the card shows the text without a badge.
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText(/Held until|In outbox|Undelivered/);
  await shoot(page, 'contact-gate-sent');
});
