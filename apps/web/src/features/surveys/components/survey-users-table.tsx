import { Link } from 'react-router';
import { Anchor, Button, Table } from '@mantine/core';
import { surveyPaths, type SurveyUser } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { userPath } from '../../../lib/user-path.ts';

type SurveyUsersTableProps = { path: string; users: readonly SurveyUser[] };

// The users who answered (spec 001 section 2), newest first: each links to their answers, and their
// name to their user page.
export function SurveyUsersTable({ path, users }: SurveyUsersTableProps) {
  return (
    <Table striped highlightOnHover withTableBorder aria-label="Users who answered">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="35%">User</Table.Th>
          <Table.Th w="15%">User ID</Table.Th>
          <Table.Th w="30%">Answered</Table.Th>
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
