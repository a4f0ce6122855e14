import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  DEBIT_WARNING,
  MACRO_PREFILL_MISSING,
  filledMacroVariableNames,
  type FilledMacroVariableName,
  type Macro,
  type MacroValuesResponse,
} from '@portal/contracts';
import { ApiError } from '../../../lib/api-error.ts';
import { readFlashes } from '../../../lib/flash.ts';
import { errorMessages } from '../../../lib/api-error.ts';
import { answerApiCalls, answerLater, apiCallsSettled, inTurn, type Answer } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SEND_NOW_VERDICT_ANSWER, macroFixture, messageFixture } from '../../../test/ticket-fixtures.ts';
import { ReplyBox, type ReplyBoxProps } from './reply-box.tsx';

const changePhone = macroFixture({
  id: 2,
  title: 'change_phone',
  body: 'Hi {first_name}, your phone number is now {new_phone}.',
});
const blank = macroFixture({ id: 3, title: 'blank_macro', body: '  ' });
const payoff = macroFixture({
  id: 4,
  title: 'payoff_quote',
  body: 'Hi {first_name}, your payoff is {payoff_amount}. We call you on {callback_date} at {?best time}.',
});

// GET macro_values as the screen answers it: every account and employee variable, null unless given.
function macroValues(
  values: Partial<Record<FilledMacroVariableName, string>> = {},
  unfilled: MacroValuesResponse['unfilled'] = [],
): MacroValuesResponse {
  const all = Object.fromEntries(filledMacroVariableNames.map((name) => [name, values[name] ?? null]));
  return { user_id: 41, loan_id: 7, values: all as MacroValuesResponse['values'], unfilled };
}

function renderBox(overrides: Partial<ReplyBoxProps> = {}) {
  const onSent = vi.fn();
  const onError = vi.fn<(error: Error) => void>();
  const loadVariableValues = vi.fn(async () => macroValues({ first_name: 'Jane', payoff_amount: '$1,284.17' }));
  const props: ReplyBoxProps = {
    ticketId: 101,
    mutationConfig: { onError },
    macros: [changePhone, blank, payoff] satisfies Macro[],
    loadVariableValues,
    activeLoans: [],
    onSent,
    ...overrides,
  };
  const view = renderWithProviders(<ReplyBox key={props.ticketId} {...props} />);
  return { ...view, onSent, onError, props, loadVariableValues };
}

const replyBox = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Reply' });
const SEND = 'POST send_reply';
const sentAnswer = (status: 'sent' | 'queued' | 'undelivered' = 'sent', error: string | null = null): Answer => [
  200,
  { ticket_id: 101, message: messageFixture({ id: 900, inbound: false, status, error }), undo_until: null },
];
const pickButton = (macro: Macro) => (insert: (macro: Macro) => void) => (
  <button type="button" onClick={() => insert(macro)}>
    Pick {macro.title}
  </button>
);

describe('ReplyBox: macro shortcut', () => {
  it('replaces #change_phone with the macro text, the account filled and the agent asked, on Enter', async () => {
    const { loadVariableValues } = renderBox();
    await userEvent.type(replyBox(), 'Thanks! #change_phone{Enter}');
    const form = await screen.findByRole('dialog', { name: 'Fill in #change_phone' });
    expect(loadVariableValues).toHaveBeenCalledOnce();
    // The reply is untouched until the agent's values are in.
    expect(replyBox()).toHaveValue('Thanks! #change_phone');
    // The form's fields load with it (a lazy chunk).
    const phone = await within(form).findByRole('textbox', { name: 'New phone number' });
    await waitFor(() => expect(phone).toHaveFocus());
    await userEvent.type(phone, '503 555 0123{Enter}');
    await waitFor(() => expect(form).not.toBeInTheDocument());
    expect(replyBox()).toHaveValue('Thanks! Hi Jane, your phone number is now (503) 555-0123.');
    expect(replyBox()).toHaveFocus();
  });

  it('inserts a newline on Enter when no macro matches', async () => {
    renderBox();
    await userEvent.type(replyBox(), 'Hello #nothing_here{Enter}there');
    expect(replyBox()).toHaveValue('Hello #nothing_here\nthere');
  });

  it('alerts the prefill message for a macro without text and leaves the reply alone', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderBox();
    await userEvent.type(replyBox(), '#blank_macro{Enter}');
    expect(alert).toHaveBeenCalledWith(MACRO_PREFILL_MISSING);
    expect(replyBox()).toHaveValue('#blank_macro');
    alert.mockRestore();
  });
});

describe('ReplyBox: macro picker', () => {
  it('inserts the picked macro filled from the account and the form, and sends its id', async () => {
    const sent = answerApiCalls({ [SEND]: sentAnswer() });
    renderBox({ renderMacroPicker: pickButton(payoff) });
    await userEvent.click(screen.getByRole('button', { name: 'Pick payoff_quote' }));
    const form = await screen.findByRole('dialog', { name: 'Fill in #payoff_quote' });
    await within(form).findByRole('button', { name: 'Insert' });
    // Insert with nothing typed: each field says what it needs, and nothing is inserted.
    await userEvent.click(within(form).getByRole('button', { name: 'Insert' }));
    expect(within(form).getByText('Please enter the callback date.')).toBeInTheDocument();
    expect(within(form).getByText('Please enter the best time.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Callback date/)).toHaveFocus();
    fireEvent.change(within(form).getByLabelText(/Callback date/), { target: { value: '2027-07-02' } });
    await userEvent.type(within(form).getByRole('textbox', { name: 'best time' }), 'after 5pm');
    await userEvent.click(within(form).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(form).not.toBeInTheDocument());
    expect(replyBox()).toHaveValue('Hi Jane, your payoff is $1,284.17. We call you on July 2, 2027 at after 5pm.');
    // The focus is back in the reply, not on the picker the macro came from.
    expect(replyBox()).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({
      reply: 'Hi Jane, your payoff is $1,284.17. We call you on July 2, 2027 at after 5pm.',
      macro_id: 4,
    });
  });

  it('inserts nothing when the agent cancels the form', async () => {
    renderBox({ renderMacroPicker: pickButton(changePhone) });
    await userEvent.type(replyBox(), 'Kept as typed.');
    await userEvent.click(screen.getByRole('button', { name: 'Pick change_phone' }));
    const form = await screen.findByRole('dialog', { name: 'Fill in #change_phone' });
    await userEvent.click(await within(form).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(form).not.toBeInTheDocument());
    expect(replyBox()).toHaveValue('Kept as typed.');
    expect(replyBox()).toHaveFocus();
  });

  it('leaves what the account cannot fill in the reply, says why, and keeps Send off until it is written in', async () => {
    const sent = answerApiCalls({ [SEND]: sentAnswer() });
    const noLoan = 'The customer has no active loan.';
    const macro = macroFixture({ id: 5, title: 'payoff_only', body: 'Hi {first_name}, pay {payoff_amount} today.' });
    renderBox({
      macros: [macro],
      renderMacroPicker: pickButton(macro),
      loadVariableValues: async () => macroValues({ first_name: 'Jane' }, [{ name: 'payoff_amount', reason: noLoan }]),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Pick payoff_only' }));
    await waitFor(() => expect(replyBox()).toHaveValue('Hi Jane, pay {payoff_amount} today.'));
    const sentence = 'Fill in {payoff_amount} before sending: the customer would read it exactly as written.';
    // The preview loads with the first word of the reply (a lazy chunk).
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    expect(screen.getByText(`{payoff_amount}: the customer has no active loan.`)).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(expect.stringContaining(sentence));
    // Marked in the preview as the customer would read it.
    expect(within(screen.getByTestId('reply-preview')).getByText('{payoff_amount}').tagName).toBe('MARK');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(sent).toEqual([]);

    await userEvent.clear(replyBox());
    await userEvent.type(replyBox(), 'Hi Jane, pay $1,000.00 today.');
    expect(screen.queryByText(sentence)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ reply: 'Hi Jane, pay $1,000.00 today.', macro_id: 5 });
  });

  it('inserts the macro all the same when the account cannot be read, and says so', async () => {
    const macro = macroFixture({ id: 6, title: 'hello', body: 'Hi {first_name}!' });
    renderBox({
      macros: [macro],
      renderMacroPicker: pickButton(macro),
      loadVariableValues: () => Promise.reject(new ApiError(503, ['The database is unavailable. Try again shortly.'])),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Pick hello' }));
    await waitFor(() => expect(replyBox()).toHaveValue('Hi {first_name}!'));
    expect(
      screen.getByText('{first_name}: the account could not be read: The database is unavailable. Try again shortly.'),
    ).toBeInTheDocument();
  });

  it('keeps the account variables for the agent when there is no account to read', async () => {
    const macro = macroFixture({ id: 6, title: 'hello', body: 'Hi {first_name}!' });
    renderBox({ macros: [macro], renderMacroPicker: pickButton(macro), loadVariableValues: undefined });
    await userEvent.click(screen.getByRole('button', { name: 'Pick hello' }));
    expect(replyBox()).toHaveValue('Hi {first_name}!');
    expect(await screen.findByText("{first_name}: write it in (the customer's first name).")).toBeInTheDocument();
  });
});

describe('ReplyBox: preview', () => {
  it('shows a text as the customer gets it, with how many texts it makes', async () => {
    answerApiCalls({ 'GET users/contact_verdict': SEND_NOW_VERDICT_ANSWER });
    renderBox({ contact: { channel: 'text', userId: 41 } });
    await userEvent.type(replyBox(), '  Hello there  ');
    expect(await screen.findByTestId('reply-preview')).toHaveTextContent(/^Hello there$/);
    expect(screen.getByText('1 text (GSM-7): 11 of 160 characters.')).toBeInTheDocument();
    await userEvent.type(replyBox(), ' it’s done');
    expect(screen.getByText('1 text (UCS-2, because of ’): 23 of 70 characters.')).toBeInTheDocument();
    await userEvent.clear(replyBox());
    await userEvent.click(replyBox());
    await userEvent.paste('€'.repeat(81));
    expect(screen.getByText('2 texts (GSM-7): 162 characters, 153 a text; 143 left in the last.')).toBeInTheDocument();
  });

  it('shows an email without a count of texts', async () => {
    answerApiCalls({ 'GET users/contact_verdict': SEND_NOW_VERDICT_ANSWER });
    renderBox({ contact: { channel: 'email', userId: 41 } });
    await userEvent.type(replyBox(), 'Dear Jane');
    expect(await screen.findByTestId('reply-preview')).toHaveTextContent('Dear Jane');
    expect(screen.queryByText(/GSM-7/)).not.toBeInTheDocument();
  });
});

describe('ReplyBox: suggestions ask what they need', () => {
  it('asks the agent for a suggestion variable left to them', async () => {
    renderBox({
      suggestions: [
        { macro_id: 9, title: 'calc_early_repay', text: 'Your payoff on {date} is $900.00.', reason: 'Payoff' },
      ],
    });
    await userEvent.click(screen.getByRole('listitem', { name: 'Use suggestion calc_early_repay' }));
    const form = await screen.findByRole('dialog', { name: 'Fill in #calc_early_repay' });
    fireEvent.change(await within(form).findByLabelText(/^Date/), { target: { value: '2027-01-15' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(replyBox()).toHaveValue('Your payoff on January 15, 2027 is $900.00.'));
  });
});

describe('ReplyBox: debit warning', () => {
  const achOnly = { eligible_payment_methods: ['ach'] };
  const withDebit = { eligible_payment_methods: ['ach', 'debit'] };

  it('shows while the reply mentions debit and no active loan allows it', async () => {
    renderBox({ activeLoans: [achOnly] });
    await userEvent.type(replyBox(), 'We can charge your card');
    expect(screen.queryByText(DEBIT_WARNING)).not.toBeInTheDocument();
    await userEvent.type(replyBox(), ' by debit');
    expect(screen.getByText(DEBIT_WARNING)).toBeInTheDocument();
    await userEvent.clear(replyBox());
    expect(screen.queryByText(DEBIT_WARNING)).not.toBeInTheDocument();
  });

  it('does not show when an active loan allows debit, or when there is no active loan', async () => {
    const { unmount } = renderBox({ activeLoans: [achOnly, withDebit] });
    await userEvent.type(replyBox(), 'Pay by debit');
    expect(screen.queryByText(DEBIT_WARNING)).not.toBeInTheDocument();
    unmount();
    renderBox({ ticketId: 102, activeLoans: [] });
    await userEvent.type(replyBox(), 'Pay by debit');
    expect(screen.queryByText(DEBIT_WARNING)).not.toBeInTheDocument();
  });
});

describe('ReplyBox: send', () => {
  it('ignores a second click within 2000 ms and accepts one after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const sent = answerApiCalls({ [SEND]: inTurn([503, { errors: ['The text provider is down.'] }], sentAnswer()) });
    const { onSent, onError } = renderBox();
    await userEvent.type(replyBox(), 'Your payment is scheduled.');
    const send = screen.getByRole('button', { name: 'Send' });

    await userEvent.click(send);
    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
    expect(errorMessages(onError.mock.calls[0]?.[0])).toEqual(['The text provider is down.']);
    expect(send).toBeEnabled();

    // The first call has finished: only the guard stands in the way now.
    await userEvent.click(send);
    await apiCallsSettled();
    expect(sent).toHaveLength(1);

    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    await userEvent.click(send);
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(sent).toHaveLength(2);
    expect(sent[1]?.url).toBe('/internal/api/send_reply');
    expect(sent[1]?.body).toEqual({
      id: 101,
      reply: 'Your payment is scheduled.',
      macro_id: null,
      filter_id: null,
      purpose: 'servicing',
    });
    // The retry of one reply carries the key of the first try, so the server answers that one if it
    // was saved after all; not in the body.
    const keyOf = (call: number) => sent[call]?.headers.get('Idempotency-Key');
    expect(keyOf(0)).toMatch(/^[\w:-]{8,100}$/);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(readFlashes().map((entry) => entry.message)).toEqual(['Reply sent']);
  });

  it('shows loading while the reply is on its way', async () => {
    const { answer, give } = answerLater();
    answerApiCalls({ [SEND]: answer });
    renderBox();
    await userEvent.type(replyBox(), 'On its way');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('data-loading', 'true'));
    await act(async () => give(sentAnswer('queued')));
    await waitFor(() => expect(readFlashes().map((entry) => entry.message)).toEqual(['Reply queued in the outbox']));
  });

  it('alerts the server error when the reply was undelivered', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    answerApiCalls({ [SEND]: sentAnswer('undelivered', 'The number cannot receive texts.') });
    const { onSent } = renderBox();
    await userEvent.type(replyBox(), 'Hello');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('The number cannot receive texts.'));
    expect(onSent).toHaveBeenCalledOnce();
    alert.mockRestore();
  });
});

describe('ReplyBox: one Idempotency-Key per reply', () => {
  it('sends the next reply with a new key once one is sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const sent = answerApiCalls({ [SEND]: sentAnswer() });
    const { onSent } = renderBox();
    await userEvent.type(replyBox(), 'First');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    await userEvent.type(replyBox(), 'Second');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(2));
    const keys = sent.map((call) => call.headers.get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
  });
});

describe('ReplyBox: suggestions', () => {
  it('shows a long suggestion cut to 140 characters and inserts the whole text with its title as filter_id', async () => {
    const text = `${'a'.repeat(130)} ${'b'.repeat(119)}`;
    expect(text).toHaveLength(250);
    const sent = answerApiCalls({ [SEND]: sentAnswer() });
    renderBox({ suggestions: [{ macro_id: 9, title: 'calc_early_repay', text, reason: 'Asked about paying off' }] });

    const card = screen.getByRole('listitem', { name: 'Use suggestion calc_early_repay' });
    expect(card).toHaveTextContent(`${text.slice(0, 140)}...`);
    expect(card).not.toHaveTextContent(text);

    await userEvent.click(card);
    expect(replyBox()).toHaveValue(text);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({
      macro_id: 9,
      filter_id: 'calc_early_repay',
    });
  });
});

describe('ReplyBox: draft cookie', () => {
  it('restores the draft on remount and clears it after send', async () => {
    answerApiCalls({ [SEND]: sentAnswer() });
    const first = renderBox();
    await userEvent.type(replyBox(), 'Half-written answer');
    expect(document.cookie).toContain('reply_draft_101=');
    first.unmount();

    const { onSent } = renderBox();
    expect(replyBox()).toHaveValue('Half-written answer');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(document.cookie).not.toContain('reply_draft_101=');
    expect(replyBox()).toHaveValue('');
  });

  it('keeps one draft per ticket', async () => {
    const first = renderBox({ ticketId: 101 });
    await userEvent.type(replyBox(), 'For 101');
    first.unmount();
    renderBox({ ticketId: 102 });
    expect(replyBox()).toHaveValue('');
  });
});

describe('ReplyBox: the contact gate (decision 046)', () => {
  const pastDue = macroFixture({ id: 7, title: 'past_due', body: 'Your payment is past due.', purpose: 'collection' });

  it("takes a collection macro's purpose, shows the gate's verdict for it before Send, and sends it tagged", async () => {
    const asked: string[] = [];
    const sent = answerApiCalls({
      'GET users/contact_verdict': ({ query }) => {
        asked.push(query.toString());
        return query.get('purpose') === 'collection'
          ? [
              200,
              {
                verdict: 'refuse',
                sentence: 'Customer 41 was sent 3 collection texts in the last 7 days.',
                until: null,
              },
            ]
          : [
              200,
              {
                verdict: 'hold',
                sentence: 'It is 9:42 pm for this customer; the text will go out at 8:00 am.',
                until: '2026-11-28T13:00:00.000Z',
              },
            ];
      },
      [SEND]: sentAnswer('queued'),
    });
    renderBox({ macros: [pastDue], contact: { channel: 'text', userId: 41 } });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'It is 9:42 pm for this customer; the text will go out at 8:00 am.',
    );
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAccessibleDescription(
      'It is 9:42 pm for this customer; the text will go out at 8:00 am.',
    );
    await userEvent.type(replyBox(), '#past_due{Enter}');
    expect(await screen.findByText(/Cannot be sent: Customer 41 was sent 3 collection texts/)).toBeInTheDocument();
    expect(asked).toContain('ticket_id=101&user_id=41&channel=text&purpose=collection&macro_id=7');

    // The agent says it is servicing after all: the verdict follows, and the reply goes tagged so.
    await userEvent.click(screen.getByText('Servicing'));
    expect(await screen.findByText(/the text will go out at 8:00 am/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(sent.find((call) => call.method === 'POST')!.body).toMatchObject({ macro_id: 7, purpose: 'servicing' });
  });
});
