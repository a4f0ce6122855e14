import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { liveConnection } from '../lib/live-connection.ts';
import { saveSession } from '../lib/session.ts';
import { answerApiCalls, callsTo } from '../test/api-server.ts';
import { renderWithProviders } from '../test/render.tsx';
import { liveStream } from '../test/live-stream.ts';
import { sessionFixture } from '../test/session-fixture.ts';
import { LiveRecord } from './live-record.tsx';

// A record on screen with the live stream (issue 40): the fake server's GET live is a stream the
// test writes events into, as the server would.

function DisputeScreen() {
  const [text, setText] = useState('');
  const dispute = useQuery({ queryKey: ['disputes', 'detail', 5], queryFn: () => ++fetches.count });
  return (
    <>
      <LiveRecord kind="dispute" id={5} noun="dispute" queryKeys={[['disputes', 'detail', 5]]} />
      <p>Fetched {dispute.data ?? 0}</p>
      <TextInput label="Note" value={text} onChange={(event) => setText(event.currentTarget.value)} />
    </>
  );
}
const fetches = { count: 0 };

afterEach(() => {
  liveConnection.stop();
});

describe('LiveRecord', () => {
  it('says who else has the record open, and who changed it, refetching it and keeping what was typed', async () => {
    saveSession(sessionFixture({ employeeId: 7, name: 'Ana Lopez' }));
    const { response, stream } = liveStream();
    const sent = answerApiCalls({
      'GET live': response,
      'PUT live_watch': [200, { open: ['dispute:5'], follow: [], refused: [] }],
    });
    renderWithProviders(<DisputeScreen />);
    liveConnection.start();
    act(() => stream.send({ event: 'hello', data: { stream: 'stream-abcdefghijklmnop' } }));
    await waitFor(() => expect(callsTo(sent, 'PUT live_watch')).toHaveLength(1));
    expect(callsTo(sent, 'PUT live_watch')[0]?.body).toEqual({
      stream: 'stream-abcdefghijklmnop',
      open: ['dispute:5'],
      follow: [],
    });
    expect(callsTo(sent, 'GET live')[0]?.headers.get('authorization')).toBe('Bearer token-abc');

    // Alone: nothing shown. With a colleague: their name.
    act(() =>
      stream.send({ event: 'presence', data: { topic: 'dispute:5', viewers: [{ id: 7, name: 'Ana Lopez' }] } }),
    );
    expect(screen.queryByTestId('presence-note')).toBeNull();
    act(() =>
      stream.send({
        event: 'presence',
        data: {
          topic: 'dispute:5',
          viewers: [
            { id: 7, name: 'Ana Lopez' },
            { id: 9, name: 'Dana Reyes' },
          ],
        },
      }),
    );
    expect(await screen.findByText('Dana Reyes also has this dispute open.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Note'), 'Half a sentence');
    await screen.findByText('Fetched 1');
    act(() =>
      stream.send({
        event: 'change',
        data: {
          topic: 'dispute:5',
          by: { id: 9, name: 'Dana Reyes' },
          at: '2026-12-03T18:42:00.000Z',
          action: 'dispute.resolved',
        },
      }),
    );
    const banner = await screen.findByTestId('changed-banner');
    expect(banner).toHaveTextContent('This dispute changed');
    expect(banner).toHaveTextContent('Dana Reyes (resolved) at');
    expect(banner).toHaveTextContent('anything you were typing is kept');
    await screen.findByText('Fetched 2');
    expect(screen.getByLabelText('Note')).toHaveValue('Half a sentence');

    // My own change (another tab of mine) neither shows nor refetches.
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the change notice' }));
    act(() =>
      stream.send({
        event: 'change',
        data: {
          topic: 'dispute:5',
          by: { id: 7, name: 'Ana Lopez' },
          at: '2026-12-03T18:43:00.000Z',
          action: 'dispute.updated',
        },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('changed-banner')).toBeNull();
    expect(screen.getByText('Fetched 2')).toBeInTheDocument();
    stream.end();
  });
});
