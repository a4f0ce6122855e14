import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEBIT_WARNING, MACRO_PREFILL_MISSING, type Macro } from '@portal/contracts';
import { readFlashes } from '../../../lib/flash.ts';
import { errorMessages } from '../../../lib/api-error.ts';
import { answerApiCalls, answerLater, apiCallsSettled, inTurn, type Answer } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { macroFixture, messageFixture } from '../../../test/ticket-fixtures.ts';
import { ReplyBox, type ReplyBoxProps } from './reply-box.tsx';

const changePhone = macroFixture({
  id: 2,
  title: 'change_phone',
  body: 'Hi {first_name}, your phone number is now {new_phone}.',
});
const blank = macroFixture({ id: 3, title: 'blank_macro', body: '  ' });

function renderBox(overrides: Partial<ReplyBoxProps> = {}) {
  const onSent = vi.fn();
  const onError = vi.fn<(error: Error) => void>();
  const props: ReplyBoxProps = {
    ticketId: 101,
    mutationConfig: { onError },
    macros: [changePhone, blank] satisfies Macro[],
    placeholderValues: { first_name: 'Jane' },
    activeLoans: [],
    onSent,
    ...overrides,
  };
  const view = renderWithProviders(<ReplyBox key={props.ticketId} {...props} />);
  return { ...view, onSent, onError, props };
}

const replyBox = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Reply' });
const SEND = 'POST send_reply';
const sentAnswer = (status: 'sent' | 'queued' | 'undelivered' = 'sent', error: string | null = null): Answer => [
  200,
  { ticket_id: 101, message: messageFixture({ id: 900, inbound: false, status, error }), undo_until: null },
];

describe('ReplyBox: macro shortcut', () => {
  it('replaces #change_phone with the macro text, placeholders filled, on Enter', async () => {
    renderBox();
    await userEvent.type(replyBox(), 'Thanks! #change_phone{Enter}');
    expect(replyBox()).toHaveValue('Thanks! Hi Jane, your phone number is now {new_phone}.');
    expect(screen.getByText('Still to fill in: {new_phone}')).toBeInTheDocument();
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
  it('inserts the picked macro with its placeholders filled and sends its id once the rest is filled in', async () => {
    const sent = answerApiCalls({ [SEND]: sentAnswer() });
    renderBox({
      renderMacroPicker: (insert) => (
        <button type="button" onClick={() => insert(changePhone)}>
          Pick change_phone
        </button>
      ),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Pick change_phone' }));
    expect(replyBox()).toHaveValue('Hi Jane, your phone number is now {new_phone}.');
    // Send stays disabled while a placeholder is left, and says which.
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByText('Still to fill in: {new_phone}')).toBeInTheDocument();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(sent).toEqual([]);

    await userEvent.clear(replyBox());
    await userEvent.type(replyBox(), 'Hi Jane, your phone number is now 5035550123.');
    expect(screen.queryByText(/Still to fill in/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      id: 101,
      reply: 'Hi Jane, your phone number is now 5035550123.',
      macro_id: 2,
      filter_id: null,
      purpose: 'servicing',
    });
  });

  it('alerts that the prefill is missing, and inserts nothing, when the ticket has no value for a placeholder', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderBox({
      placeholderValues: { first_name: null },
      renderMacroPicker: (insert) => (
        <button type="button" onClick={() => insert(changePhone)}>
          Pick change_phone
        </button>
      ),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Pick change_phone' }));
    expect(alert).toHaveBeenCalledWith(
      "This macro's prefill is missing ({first_name}). Please contact internal tools to fix it.",
    );
    expect(replyBox()).toHaveValue('');
    await userEvent.type(replyBox(), '#change_phone{Enter}');
    expect(alert).toHaveBeenCalledTimes(2);
    expect(replyBox()).toHaveValue('#change_phone');
    alert.mockRestore();
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
