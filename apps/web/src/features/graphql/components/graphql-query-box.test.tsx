import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render.tsx';
import { GraphqlQueryBox, graphqlRequestBody } from './graphql-query-box.tsx';

describe('graphqlRequestBody', () => {
  it('sends the query, with the variables only when some are given', () => {
    expect(graphqlRequestBody('{ me { id } }', '')).toEqual({ body: '{"query":"{ me { id } }"}' });
    expect(graphqlRequestBody('query($id: Int!) { customer(id: $id) { id } }', '{ "id": 151 }')).toEqual({
      body: JSON.stringify({ query: 'query($id: Int!) { customer(id: $id) { id } }', variables: { id: 151 } }),
    });
  });

  it('names what is wrong: no query, variables that are not a JSON object', () => {
    expect(graphqlRequestBody('  ', '')).toEqual({ problem: 'Please enter a query.' });
    const notObject = { problem: 'The variables must be a JSON object, e.g. { "id": 151 }.' };
    expect(graphqlRequestBody('{ me { id } }', '{ id: 1 }')).toEqual(notObject);
    expect(graphqlRequestBody('{ me { id } }', '[1]')).toEqual(notObject);
  });
});

describe('GraphqlQueryBox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs the query with Ctrl+Enter and shows the answer as readable JSON', async () => {
    const fetchMock = vi.fn(async () => new Response('{"data":{"me":{"id":1}}}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<GraphqlQueryBox onOpenExplorer={() => {}} />);
    const query = screen.getByRole('textbox', { name: 'Query' });
    await user.clear(query);
    await user.type(query, '{{ me {{ id } }');
    await user.keyboard('{Control>}{Enter}{/Control}');
    const answer = await screen.findByRole('region', { name: 'Answer, HTTP 200' });
    expect(answer.textContent).toBe(JSON.stringify({ data: { me: { id: 1 } } }, null, 2));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/internal/api/graphql');
    expect(JSON.parse(String(init.body))).toEqual({ query: '{ me { id } }' });
  });

  it('sends nothing for an empty query, and offers the full explorer', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const onOpenExplorer = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<GraphqlQueryBox onOpenExplorer={onOpenExplorer} />);
    await user.clear(screen.getByRole('textbox', { name: 'Query' }));
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    expect(await screen.findByText('Please enter a query.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /Open the full explorer/ }));
    await waitFor(() => expect(onOpenExplorer).toHaveBeenCalledTimes(1));
  });
});
