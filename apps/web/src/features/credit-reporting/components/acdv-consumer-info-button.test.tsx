import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readFlashes } from '../../../lib/flash.ts';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, callsTo } from '../../../test/api-server.ts';
import { acdvFixture } from '../../../test/credit-reporting-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { AcdvConsumerInfoButton } from './acdv-consumer-info-button.tsx';

vi.setConfig({ testTimeout: 30_000 });

const CONSUMER_INFO = 'PATCH fcra/acdv_consumer_info';

beforeEach(() => {
  saveSession(sessionFixture());
});

async function openAndSend(date: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Consumer added information' }));
  const dialog = await screen.findByRole('dialog', { name: 'Consumer added information' });
  fireEvent.change(screen.getByLabelText(/Date the information came/), { target: { value: date } });
  await userEvent.click(screen.getByRole('button', { name: 'Move to 45 days' }));
  return dialog;
}

describe("the consumer's information on an ACDV", () => {
  it('sends the day it came and closes with the new due date', async () => {
    const sent = answerApiCalls({
      [CONSUMER_INFO]: [
        200,
        {
          message: "ACDV CN-1001: the consumer's information came 2026-01-20; the response is now due 2026-02-19.",
          control_number: 'CN-1001',
          consumer_info_added_on: '2026-01-20',
          response_due_on: '2026-02-19',
          days_left: 20,
          days_kind: 'calendar',
        },
      ],
    });
    renderWithProviders(<AcdvConsumerInfoButton acdv={acdvFixture()} />);
    const dialog = await openAndSend('2026-01-20');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(callsTo(sent, CONSUMER_INFO)[0]?.body).toEqual({ control_number: 'CN-1001', received_on: '2026-01-20' });
    expect(readFlashes().map((flash) => flash.message)).toContain(
      "ACDV CN-1001: the consumer's information came 2026-01-20; the response is now due 2026-02-19.",
    );
  });

  it("keeps the dialog open with the server's reason when it may not", async () => {
    const reason = 'Information received after the 30-day period (it ended 2026-02-04) does not extend it to 45 days.';
    answerApiCalls({ [CONSUMER_INFO]: [409, { errors: [reason] }] });
    renderWithProviders(<AcdvConsumerInfoButton acdv={acdvFixture()} />);
    const dialog = await openAndSend('2026-02-10');
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('says when the information was recorded instead of offering it again', () => {
    answerApiCalls({});
    renderWithProviders(<AcdvConsumerInfoButton acdv={acdvFixture({ consumer_info_added_on: '2026-01-20' })} />);
    expect(screen.getByText('Consumer added information on Jan 20, 2026: 45 days apply.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Consumer added information' })).not.toBeInTheDocument();
  });
});
