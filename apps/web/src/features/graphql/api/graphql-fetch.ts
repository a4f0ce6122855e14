import { API_BASE_PATH } from '@portal/contracts';
import { readSession } from '../../../lib/session.ts';
import { notifyUnauthorized } from '../../../lib/unauthorized.ts';

// Where the explorer sends its queries: POST graphql under the API base (decision 033).
export const GRAPHQL_URL = `${API_BASE_PATH}/graphql`;

// The fetch GraphiQL's fetcher uses: the session token as the bearer header, read for each request
// (a new sign-in's token is used at once), and a 401 signs the employee out like any other call
// (spec 001 section 6).
export async function graphqlFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = readSession()?.apiToken;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(input, { ...init, headers });
  if (response.status === 401) notifyUnauthorized();
  return response;
}
