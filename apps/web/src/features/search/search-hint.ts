import { searchParameterFor, type SearchKind, type SearchParameter } from '@portal/contracts';

const parameterNames: Record<SearchParameter, string> = {
  email: 'email',
  phone: 'phone',
  ID: 'ID',
  name: 'name',
  loan_id: 'loan ID',
  payment_id: 'payment ID',
};

// The hint under the search box: which /user parameter Enter will search by.
export function searchHint(kind: SearchKind, input: string): string {
  if (kind === 'User' && input.trim() === '') return 'Press Enter to search';
  return `Searching by ${parameterNames[searchParameterFor(kind, input)]}`;
}
