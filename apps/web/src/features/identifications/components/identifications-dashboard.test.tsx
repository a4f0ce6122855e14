import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_DOCUMENT_REQUEST_REASON,
  type CompleteIdentificationBody,
  type IdentificationCard,
} from '@portal/contracts';
import { FlashStack } from '../../../components/flash-stack.tsx';
import { readFlashes } from '../../../lib/flash.ts';
import { liveConnection } from '../../../lib/live-connection.ts';
import { saveSession } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { liveStream } from '../../../test/live-stream.ts';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { IdentificationsDashboard } from './identifications-dashboard.tsx';
import { answerApiCalls, callsTo } from '../../../test/api-server.ts';
import {
  COMPLETE,
  FETCH,
  cardFixture,
  identificationsAnswer,
  identityImages,
} from '../../../test/identifications-fixtures.ts';

const MARIA = cardFixture();
const JOHN = cardFixture({ review_id: 410, user_id: 41, user_name: 'John Smith', loan_id: 2150 });
const HELD = cardFixture({ review_id: 520, user_id: 52, user_name: 'Lee Park', verified: -7, loan_id: 2200 });

beforeEach(() => {
  saveSession(sessionFixture());
});
afterEach(() => {
  liveConnection.stop();
});

// A server that forgets a card once it is decided (a hold moves it to the manual group).
function reviewServer(regular: IdentificationCard[] = [MARIA, JOHN], manualHold: IdentificationCard[] = [HELD]) {
  let waiting = { regular: [...regular], manual_hold: [...manualHold] };
  return answerApiCalls(
    {
      [FETCH]: () => [200, identificationsAnswer(waiting.regular, waiting.manual_hold)],
      [COMPLETE]: ({ body }) => {
        const { id, decision } = body as CompleteIdentificationBody;
        const card = [...waiting.regular, ...waiting.manual_hold].find((entry) => entry.user_id === id)!;
        const others = (cards: IdentificationCard[]) => cards.filter((entry) => entry.user_id !== id);
        waiting = {
          regular: others(waiting.regular),
          manual_hold:
            decision === 'manual_fraud_hold'
              ? [...waiting.manual_hold, { ...card, verified: -7 }]
              : others(waiting.manual_hold),
        };
        return [200, { message: `${card.user_name}: ${decision} done.`, user_id: id, decision, verified: 1 }];
      },
    },
    identityImages,
  );
}

function renderDashboard() {
  renderWithProviders(
    <>
      <IdentificationsDashboard />
      <FlashStack />
    </>,
    { route: '/identifications' },
  );
}

const groupToggle = (name: RegExp) => screen.getByRole('button', { name });
const cardOf = (name: string) => screen.getByRole('article', { name: `Identification of ${name}` });
const findCard = (name: string) => screen.findByRole('article', { name: `Identification of ${name}` });

describe('IdentificationsDashboard', () => {
  it("titles each group with the server's total; regular cases open, manual hold cases closed", async () => {
    answerApiCalls(
      {
        [FETCH]: [200, identificationsAnswer([MARIA, JOHN], [HELD], { regular: 57, manual_hold: 3 })],
      },
      identityImages,
    );
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Identifications', level: 2 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Regular Cases (57)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Manual Hold Cases (3)' })).toBeInTheDocument();

    expect(groupToggle(/^Regular Cases/)).toHaveAttribute('aria-expanded', 'true');
    expect(cardOf('Maria Garcia')).toBeInTheDocument();
    expect(cardOf('John Smith')).toBeInTheDocument();
    expect(groupToggle(/^Manual Hold Cases/)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('article', { name: 'Identification of Lee Park' })).not.toBeInTheDocument();

    await userEvent.click(groupToggle(/^Manual Hold Cases/));
    expect(groupToggle(/^Manual Hold Cases/)).toHaveAttribute('aria-expanded', 'true');
    const held = await findCard('Lee Park');
    expect(within(held).queryByRole('button', { name: 'Manual Fraud Hold' })).not.toBeInTheDocument();
    expect(within(cardOf('Maria Garcia')).getByRole('button', { name: 'Manual Fraud Hold' })).toBeInTheDocument();

    await userEvent.click(groupToggle(/^Regular Cases/));
    expect(screen.queryByRole('article', { name: 'Identification of Maria Garcia' })).not.toBeInTheDocument();
  });

  it("says 'No cases' in an empty group", async () => {
    answerApiCalls({ [FETCH]: [200, identificationsAnswer([])] }, identityImages);
    renderDashboard();
    const regular = await screen.findByRole('region', { name: 'Regular Cases' });
    expect(within(regular).getByText('No cases')).toBeInTheDocument();
  });

  it("shows a loader, then the server's message when the list cannot be read", async () => {
    answerApiCalls(
      { [FETCH]: [403, { errors: ['Only identity reviewers can see identifications.'] }] },
      identityImages,
    );
    renderDashboard();
    expect(screen.getByLabelText('Loading identifications')).toBeInTheDocument();
    expect(await screen.findByText('Only identity reviewers can see identifications.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Regular Cases/ })).not.toBeInTheDocument();
  });

  it('approves a card: sends {id, decision}, flashes the message, and the card leaves its group', async () => {
    const sent = reviewServer();
    renderDashboard();
    await userEvent.click(within(await findCard('Maria Garcia')).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(callsTo(sent, COMPLETE)).toHaveLength(1));
    expect(callsTo(sent, COMPLETE)[0]!.body).toEqual({ id: 38, decision: 'approve' });
    expect(await screen.findByText('Maria Garcia: approve done.')).toBeInTheDocument();
    expect(readFlashes()[0]).toMatchObject({ type: 'success', placement: 'top', duration: 5 });
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Identification of Maria Garcia' })).not.toBeInTheDocument(),
    );
    expect(cardOf('John Smith')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Regular Cases (1)' })).toBeInTheDocument());
    await waitFor(() => expect(callsTo(sent, FETCH)).toHaveLength(2));
  });

  it('cancels a loan only once confirmed, naming the customer and the consequence', async () => {
    const sent = reviewServer();
    renderDashboard();
    const maria = await findCard('Maria Garcia');
    await userEvent.click(within(maria).getByRole('button', { name: 'Cancel Loan' }));
    let dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent("Maria Garcia's loan #2101 will be cancelled.");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(sent, COMPLETE)).toHaveLength(0);
    expect(cardOf('Maria Garcia')).toBeInTheDocument();

    await userEvent.click(within(maria).getByRole('button', { name: 'Cancel Loan' }));
    dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(callsTo(sent, COMPLETE)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Loan' }));
    await waitFor(() => expect(callsTo(sent, COMPLETE)).toHaveLength(1));
    expect(callsTo(sent, COMPLETE)[0]!.body).toEqual({ id: 38, decision: 'cancel' });
    expect(await screen.findByText('Maria Garcia: cancel done.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Identification of Maria Garcia' })).not.toBeInTheDocument(),
    );
  });

  it('puts a customer on manual fraud hold once confirmed: the card moves to the manual group', async () => {
    const sent = reviewServer([MARIA], []);
    renderDashboard();
    await userEvent.click(within(await findCard('Maria Garcia')).getByRole('button', { name: 'Manual Fraud Hold' }));
    expect(callsTo(sent, COMPLETE)).toHaveLength(0);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Maria Garcia will be put on manual fraud hold');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Manual Fraud Hold' }));
    expect(await screen.findByRole('heading', { name: 'Manual Hold Cases (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Regular Cases (0)' })).toBeInTheDocument();
    expect(callsTo(sent, COMPLETE)[0]!.body).toEqual({ id: 38, decision: 'manual_fraud_hold' });
  });

  it('requests new documents with the reason written', async () => {
    const sent = reviewServer();
    renderDashboard();
    await userEvent.click(within(await findCard('John Smith')).getByRole('button', { name: 'Request New Documents' }));
    const dialog = screen.getByRole('dialog', { name: 'Request New Documents' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (optional)' });
    expect(reason).toHaveAttribute('placeholder', DEFAULT_DOCUMENT_REQUEST_REASON);
    expect(reason).toHaveAttribute('maxlength', '500');
    await userEvent.type(reason, '  The back of the licence is missing.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(callsTo(sent, COMPLETE)).toHaveLength(1));
    expect(callsTo(sent, COMPLETE)[0]!.body).toEqual({
      id: 41,
      decision: 'request',
      reason: 'The back of the licence is missing.',
    });
    expect(await screen.findByText('John Smith: request done.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('requests new documents without a reason when none is written (the server tells the default)', async () => {
    const sent = reviewServer();
    renderDashboard();
    await userEvent.click(within(await findCard('John Smith')).getByRole('button', { name: 'Request New Documents' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo(sent, COMPLETE)).toHaveLength(1));
    expect(callsTo(sent, COMPLETE)[0]!.body).toEqual({ id: 41, decision: 'request' });
  });

  it("shows the server's sentence when another reviewer decided first, and reads the list again", async () => {
    const taken = 'Maria Garcia was already decided by Ben Ortiz (approve).';
    let decided = false;
    const sent = answerApiCalls(
      {
        [FETCH]: () => [200, identificationsAnswer(decided ? [JOHN] : [MARIA, JOHN])],
        [COMPLETE]: () => {
          decided = true;
          return [409, { errors: [taken] }];
        },
      },
      identityImages,
    );
    renderDashboard();
    await userEvent.click(within(await findCard('Maria Garcia')).getByRole('button', { name: 'Selfie Cancel' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, Selfie Cancel' }));

    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(readFlashes()).toEqual([expect.objectContaining({ message: taken, type: 'error', placement: 'top' })]);
    expect(callsTo(sent, COMPLETE)[0]!.body).toEqual({ id: 38, decision: 'selfie' });
    await waitFor(() => expect(callsTo(sent, FETCH)).toHaveLength(2));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Identification of Maria Garcia' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows on a card who is deciding it, and marks the card open while its dialog is', async () => {
    saveSession(sessionFixture({ employeeId: 7, name: 'Ana Lopez' }));
    const { response, stream } = liveStream();
    const sent = answerApiCalls(
      {
        [FETCH]: [200, identificationsAnswer([MARIA, JOHN], [HELD])],
        'GET live': response,
        'PUT live_watch': ({ body }) => [200, { ...(body as object), refused: [] }],
      },
      identityImages,
    );
    renderDashboard();
    await findCard('Maria Garcia');
    liveConnection.start();
    act(() => stream.send({ event: 'hello', data: { stream: 'stream-abcdefghijklmnop' } }));
    await waitFor(() =>
      expect(callsTo(sent, 'PUT live_watch').at(-1)?.body).toMatchObject({
        open: [],
        follow: expect.arrayContaining(['queue:identity_reviews', `identity_review:${MARIA.review_id}`]),
      }),
    );

    act(() =>
      stream.send({
        event: 'presence',
        data: { topic: `identity_review:${MARIA.review_id}`, viewers: [{ id: 9, name: 'Dana Reyes' }] },
      }),
    );
    expect(await within(cardOf('Maria Garcia')).findByText('Dana Reyes also has this card open.')).toBeInTheDocument();
    expect(within(cardOf('John Smith')).queryByTestId('presence-note')).toBeNull();

    await userEvent.click(within(cardOf('John Smith')).getByRole('button', { name: 'Cancel Loan' }));
    await screen.findByRole('dialog', { name: 'Are you sure?' });
    await waitFor(() =>
      expect(callsTo(sent, 'PUT live_watch').at(-1)?.body).toMatchObject({
        open: [`identity_review:${JOHN.review_id}`],
      }),
    );
  });
});
