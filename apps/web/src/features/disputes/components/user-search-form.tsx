import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  US_STATES,
  USER_SEARCH_LABELS,
  USER_SEARCH_PLACEHOLDERS,
  userSearchFieldProblems,
  type UserSearchField,
  type UserSearchValues,
} from '@portal/contracts';
import { useSession } from '../../../lib/session.ts';
import { maskSearchField } from '../user-search-masks.ts';

type UserSearchFormProps = {
  values: UserSearchValues;
  onChange: (values: UserSearchValues) => void;
  onSearch: () => void;
  onClear: () => void;
  searching: boolean;
};

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: `${state.code} - ${state.name}` }));

// Unique identifiers first, then the fields that find a user only two at a time.
const FIELD_ROWS: readonly (readonly UserSearchField[])[] = [
  ['user_id', 'loan_id', 'ssn'],
  ['first_name', 'last_name', 'dob'],
  ['ssn_last_four', 'phone_number', 'email'],
  ['street', 'city'],
];

// The User Search tab's criteria (spec 001 section 5), masked as typed; a field that does not fit
// its format says so under it.
export function UserSearchForm({ values, onChange, onSearch, onClear, searching }: UserSearchFormProps) {
  const problems = userSearchFieldProblems(values);
  // A whole SSN is searched by those who may reveal one (audited, a few a minute); others are told
  // to use the last four digits with another field.
  const maySearchSsn = useSession()?.permissions.includes('customers.reveal_ssn') ?? false;
  const set = (field: UserSearchField, text: string) => onChange({ ...values, [field]: maskSearchField(field, text) });
  const input = (field: UserSearchField) => (
    <TextInput
      key={field}
      label={USER_SEARCH_LABELS[field]}
      placeholder={USER_SEARCH_PLACEHOLDERS[field]}
      value={values[field] ?? ''}
      onChange={(event) => set(field, event.currentTarget.value)}
      error={problems[field]}
      {...(field === 'ssn' && !maySearchSsn
        ? { disabled: true, description: 'Needs the ssn_reveal role: use the last four and a name.' }
        : {})}
    />
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <Stack gap="sm">
        {FIELD_ROWS.map((row) => (
          <SimpleGrid key={row.join()} cols={{ base: 1, sm: 3 }}>
            {row.map(input)}
          </SimpleGrid>
        ))}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={USER_SEARCH_LABELS.state}
            data={STATE_OPTIONS}
            value={values.state ? values.state : null}
            onChange={(state) => onChange({ ...values, state: state ?? '' })}
            error={problems.state}
            searchable
            clearable
          />
          {input('zip')}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClear} disabled={searching}>
            Clear Search
          </Button>
          <Button type="submit" loading={searching}>
            Search
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
