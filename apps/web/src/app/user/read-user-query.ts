import { userSearchParameters, type UserSearchQuery } from '@portal/contracts';

// The search a /user URL names (decision 007's parameter names): the first one present wins.
export function readUserQuery(params: URLSearchParams): UserSearchQuery | null {
  for (const parameter of userSearchParameters) {
    const value = params.get(parameter)?.trim();
    if (value) return { parameter, search: value };
  }
  return null;
}
