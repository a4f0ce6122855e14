import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Acdv } from '@portal/contracts';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, callsTo } from '../../../test/api-server.ts';
import { acdvAnswer } from '../../../test/credit-reporting-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { AcdvRequestView } from './acdv-request-view.tsx';

// The ACDV answer's "consumer still disagrees" choice (decision 049): labelled, reached by the
// keyboard before Submit, sent with the answer, and refused beside a deletion or a misrouted request
// by the rule the server applies.

vi.setConfig({ testTimeout: 30_000 });

const RESPOND = 'POST fcra/acdv_response';

beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7 }));
});

function renderView() {
  const sent = answerApiCalls({ [RESPOND]: [200, { message: 'Answered.', count: 2 }] });
  const answer = acdvAnswer() as ReturnType<typeof acdvAnswer> & { acdv: Acdv };
  renderWithProviders(<AcdvRequestView answer={answer} onSkip={() => undefined} busy={false} />);
  return sent;
}

const chooseCode = (option: string) =>
  userEvent.selectOptions(screen.getByRole('combobox', { name: 'Response code' }), option);

describe('AcdvRequestView: the consumer still disagrees', () => {
  it('is sent with the answer, ticked from the keyboard between the code and Submit', async () => {
    const sent = renderView();
    await chooseCode('21 — Updated disputed info only');
    const disagrees = screen.getByRole('checkbox', { name: 'The consumer still disagrees' });
    expect(disagrees).toHaveAccessibleDescription(/reported XC/);
    await userEvent.tab();
    expect(disagrees).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(disagrees).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(callsTo(sent, RESPOND)).toHaveLength(1));
    expect(callsTo(sent, RESPOND)[0]!.body).toMatchObject({ acdv_response_code: '21', consumer_disagrees: true });
  });

  it('says why it cannot go with a deletion, and sends nothing', async () => {
    const sent = renderView();
    await chooseCode('03 — Delete account');
    const disagrees = screen.getByRole('checkbox', { name: 'The consumer still disagrees' });
    await userEvent.click(disagrees);
    expect(disagrees).toBeInvalid();
    expect(disagrees).toHaveAccessibleDescription(expect.stringContaining('An ACDV answered 03 deletes the account'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(callsTo(sent, RESPOND)).toHaveLength(0);
    // Another code clears it.
    await chooseCode('01 — Account information accurate as of date reported');
    expect(disagrees).toBeValid();
  });
});
