import { Link } from 'react-router';
import { Anchor, Button, Table } from '@mantine/core';
import { surveyPaths, type SurveyUser, type SurveyUsersView } from '@portal/contracts';
import { SortableTh } from '../../../components/sortable-th.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { userPath } from '../../../lib/user-path.ts';

type Sort = SurveyUsersView['sort'];
type SurveyUsersTableProps = { path: string; users: readonly SurveyUser[]; sort: Sort; onSort: (sort: Sort) => void };

// The users who answered (spec 001 section 2), newest first unless sorted by a header (issue 40):
// each links to their answers, and their name to their user page.
export function SurveyUsersTable({ path, users, sort, onSort }: SurveyUsersTableProps) {
  return (
    <Table striped highlightOnHover withTableBorder aria-label="Users who answered">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="35%">User</Table.Th>
          <SortableTh w="15%" column="id" sort={sort} onSort={onSort}>
            User ID
          </SortableTh>
          <SortableTh w="30%" column="answered_at" sort={sort} onSort={onSort} descendingFirst>
            Answered
          </SortableTh>
          <Table.Th w="20%">Answers</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => {
          const name = `${user.first_name} ${user.last_name}`;
          return (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Anchor component={Link} to={userPath(user.id)} fz="sm">
                  {name}
                </Anchor>
              </Table.Td>
              <Table.Td>{user.id}</Table.Td>
              <Table.Td>{formatDateTime(user.answered_at)}</Table.Td>
              <Table.Td>
                <Button
                  component={Link}
                  to={surveyPaths.response(path, user.id)}
                  size="xs"
                  variant="light"
                  aria-label={`View answers of ${name}`}
                >
                  View answers
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
