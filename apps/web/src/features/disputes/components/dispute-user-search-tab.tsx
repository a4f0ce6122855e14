import { useState } from 'react';
import { Alert, Loader, Stack } from '@mantine/core';
import {
  userSearchProblem,
  type DisputeUserResult,
  type DisputeUserSearchQuery,
  type UserSearchValues,
} from '@portal/contracts';
import { useDisputeUserSearch } from '../api/search-dispute-users.ts';
import { failureMessages, flashDispute } from '../dispute-flash.ts';
import { UserSearchForm } from './user-search-form.tsx';
import { UserSearchResults } from './user-search-results.tsx';

type DisputeUserSearchTabProps = { onSelect: (user: DisputeUserResult) => void };

// The criteria as sent: the fields filled in, trimmed.
function toQuery(values: UserSearchValues, page: number): DisputeUserSearchQuery {
  const query: DisputeUserSearchQuery = { page };
  for (const [field, text] of Object.entries(values) as [keyof UserSearchValues, string | undefined][]) {
    if (text && text.trim() !== '') query[field] = text.trim();
  }
  return query;
}

// The User Search tab (spec 001 sections 2 and 5): find the customer who sent the dispute and copy
// their details into it. The shared rule refuses a search that could match half the customers.
export function DisputeUserSearchTab({ onSelect }: DisputeUserSearchTabProps) {
  const [values, setValues] = useState<UserSearchValues>({});
  const [query, setQuery] = useState<DisputeUserSearchQuery | null>(null);
  const search = useDisputeUserSearch(query);

  const runSearch = () => {
    const problem = userSearchProblem(values);
    if (problem) {
      flashDispute(problem, 'error');
      return;
    }
    setQuery(toQuery(values, 1));
  };

  return (
    <Stack gap="md">
      <UserSearchForm
        values={values}
        onChange={setValues}
        onSearch={runSearch}
        onClear={() => {
          setValues({});
          setQuery(null);
        }}
        searching={search.isFetching}
      />
      {query !== null && search.isPending && <Loader size="sm" aria-label="Searching users" />}
      {query !== null && search.isError && (
        <Alert color="red" variant="light" title="Search failed">
          {failureMessages(search.error, 'Something went wrong').join(' ')}
        </Alert>
      )}
      {query !== null && search.data && !search.isError && (
        <UserSearchResults
          answer={search.data}
          busy={search.isPlaceholderData}
          onPage={(page) => setQuery((current) => (current ? { ...current, page } : current))}
          onSelect={onSelect}
        />
      )}
    </Stack>
  );
}
