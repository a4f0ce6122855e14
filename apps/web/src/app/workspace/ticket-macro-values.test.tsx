import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filledMacroVariableNames, type MacroValuesResponse } from '@portal/contracts';
import { saveSession } from '../../lib/session.ts';
import { answerApiCalls } from '../../test/api-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { sessionFixture } from '../../test/session-fixture.ts';
import {
  macroFixture,
  SEND_NOW_VERDICT_ANSWER,
  ticketFixture,
  ticketSummaryFixture,
  ticketsResponseFixture,
} from '../../test/ticket-fixtures.ts';
import { TicketWorkspace } from './ticket-workspace.tsx';

const payoff = macroFixture({ id: 8, title: 'payoff', body: 'Hi {first_name}, your payoff today is {payoff_amount}.' });

function valuesAnswer(payoffAmount: string): MacroValuesResponse {
  const values = Object.fromEntries(filledMacroVariableNames.map((name) => [name, null]));
  return {
    user_id: 41,
    loan_id: 7,
    values: { ...(values as MacroValuesResponse['values']), first_name: 'Dana', payoff_amount: payoffAmount },
    unfilled: [],
  };
}

describe('TicketWorkspace: macro variables', () => {
  it("fills a macro from the ticket's account as it is when the macro is inserted", async () => {
    saveSession(sessionFixture({ online: true }));
    const payoffs = ['$900.00', '$899.10'];
    const sent = answerApiCalls({
      'GET tickets': [200, ticketsResponseFixture({ openTickets: [ticketSummaryFixture({ id: 101 })] })],
      'GET ticket': [200, ticketFixture({ id: 101 })],
      'GET fetch_macros': [200, { macros: [payoff], tree: [] }],
      'GET users/contact_verdict': SEND_NOW_VERDICT_ANSWER,
      'GET macro_values': () => [200, valuesAnswer(payoffs.shift() ?? '$0.00')],
      'GET ticket_notes': [200, { notes: [], next_before: null }],
    });
    renderWithProviders(<TicketWorkspace />);
    const reply = await screen.findByRole('textbox', { name: 'Reply' });

    await userEvent.type(reply, '#payoff{Enter}');
    await waitFor(() => expect(reply).toHaveValue('Hi Dana, your payoff today is $900.00.'));
    // Read again for the next insertion: the account may have changed since.
    await userEvent.type(reply, ' #payoff{Enter}');
    await waitFor(() =>
      expect(reply).toHaveValue('Hi Dana, your payoff today is $900.00. Hi Dana, your payoff today is $899.10.'),
    );
    const reads = sent.filter((call) => call.path === 'macro_values').map((call) => call.query.toString());
    expect(reads).toEqual(['ticket_id=101', 'ticket_id=101']);
  });
});
