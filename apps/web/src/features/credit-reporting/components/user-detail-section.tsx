import { CONTACT_FLAG_TERMS } from '@portal/contracts';
import { Link } from 'react-router';
import { Anchor, Badge, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { FcraLookupResponse } from '@portal/contracts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { metro2Words } from '../metro2-words.ts';
import { FactList } from './fact-list.tsx';
import { userPath } from '../../../lib/user-path.ts';

const yesNo = (value: boolean) =>
  value ? (
    <Badge color="red" variant="light" size="sm">
      Yes
    </Badge>
  ) : (
    'No'
  );

// The loan's customer: id (to the user page), DNC (do not contact), DNL (do not lend), the
// bankruptcy on record and the recent comments. The flags carry the user page's one term each.
export function UserDetailSection({ user }: { user: FcraLookupResponse['user'] }) {
  const bankruptcy = user.bankruptcy;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="user-detail-heading">
      <Stack gap="md">
        <Title order={2} fz="lg" id="user-detail-heading">
          User detail
        </Title>
        <FactList
          label="User detail"
          facts={[
            {
              label: 'User ID',
              value: (
                <Anchor component={Link} to={userPath(user.id)} fz="sm">
                  #{user.id}
                </Anchor>
              ),
            },
            { label: CONTACT_FLAG_TERMS.dnc, value: yesNo(user.dnc) },
            { label: CONTACT_FLAG_TERMS.dnl, value: yesNo(user.dnl) },
          ]}
        />
        <Stack gap="xs">
          <Title order={3} fz="md">
            Bankruptcy detail
          </Title>
          {bankruptcy === null ? (
            <Text fz="sm" c="dimmed">
              No bankruptcy on record.
            </Text>
          ) : (
            <FactList
              label="Bankruptcy detail"
              facts={[
                { label: 'Case code', value: bankruptcy.case_code },
                { label: 'Chapter', value: String(bankruptcy.b_type) },
                { label: 'Court district', value: bankruptcy.court_district ?? '—' },
                { label: 'Filed', value: formatDate(bankruptcy.filed) },
                { label: 'Discharged', value: formatDate(bankruptcy.discharged) },
                { label: 'Dismissed', value: formatDate(bankruptcy.dismissed) },
                {
                  label: 'Consumer information indicator',
                  value: metro2Words('consumer_information_indicator', bankruptcy.consumer_information_indicator),
                },
              ]}
            />
          )}
        </Stack>
        <Stack gap="xs">
          <Title order={3} fz="md">
            Comments
          </Title>
          {user.comments.length === 0 ? (
            <Text fz="sm" c="dimmed">
              No comments.
            </Text>
          ) : (
            <List size="sm" spacing={4} aria-label="Comments">
              {user.comments.map((comment, index) => (
                <List.Item key={`${comment.created_at}-${index}`}>
                  <Text span fz="xs" c="dimmed">
                    {formatDateTime(comment.created_at)}
                    {comment.employee ? ` · ${comment.employee}` : ''}:
                  </Text>{' '}
                  {comment.body}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
