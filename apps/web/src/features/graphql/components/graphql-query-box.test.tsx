import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerApiCalls } from '../../../test/api-server.ts';
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
  it('runs the query with Ctrl+Enter and shows the answer as readable JSON', async () => {
    const sent = answerApiCalls({ 'POST graphql': () => new Response('{"data":{"me":{"id":1}}}', { status: 200 }) });
    const user = userEvent.setup();
    renderWithProviders(<GraphqlQueryBox onOpenExplorer={() => {}} />);
    const query = screen.getByRole('textbox', { name: 'Query' });
    await user.clear(query);
    await user.type(query, '{{ me {{ id } }');
    await user.keyboard('{Control>}{Enter}{/Control}');
    const answer = await screen.findByRole('region', { name: 'Answer, HTTP 200' });
    expect(answer.textContent).toBe(JSON.stringify({ data: { me: { id: 1 } } }, null, 2));
    expect(sent[0]?.url).toBe('/internal/api/graphql');
    expect(sent[0]?.body).toEqual({ query: '{ me { id } }' });
  });

  it('sends nothing for an empty query, and offers the full explorer', async () => {
    const sent = answerApiCalls({});
    const onOpenExplorer = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<GraphqlQueryBox onOpenExplorer={onOpenExplorer} />);
    await user.clear(screen.getByRole('textbox', { name: 'Query' }));
    await user.click(screen.getByRole('button', { name: 'Run query' }));
    expect(await screen.findByText('Please enter a query.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: /Open the full explorer/ }));
    await waitFor(() => expect(onOpenExplorer).toHaveBeenCalledTimes(1));
  });
});
