import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import type { UserProfile } from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { MutationConfig } from '../../../lib/react-query.ts';
import { addComment, useAddComment } from '../api/add-comment.ts';

type CommentsBoxProps = {
  userId: number;
  comments: UserProfile['comments'];
  mutationConfig?: MutationConfig<typeof addComment>;
};

// The customer's comments, newest first, with author and time; a new one is added below.
export function CommentsBox({ userId, comments, mutationConfig }: CommentsBoxProps) {
  const [body, setBody] = useState('');
  const add = useAddComment({ mutationConfig });

  function submit() {
    if (body.trim() === '') return;
    add.mutate({ user_id: userId, body }, { onSuccess: () => setBody('') });
  }

  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={3} fz="sm" mb="xs">
        Comments
      </Title>
      <Stack gap={6} mah={260} style={{ overflowY: 'auto' }} aria-label="Comments">
        {comments.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No comments
          </Text>
        ) : (
          comments.map((comment) => (
            <Text key={comment.id} fz="sm">
              {comment.body}{' '}
              <Text span fz="xs" c="dimmed">
                — {comment.employee_name ?? 'system'}, {formatDateTime(comment.created_at)}
              </Text>
            </Text>
          ))
        )}
      </Stack>
      <Group align="flex-end" gap="xs" mt="sm" wrap="nowrap">
        <Textarea
          aria-label="New comment"
          placeholder="Add a comment"
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          autosize
          minRows={1}
          style={{ flex: 1 }}
        />
        <Button size="xs" onClick={submit} loading={add.isPending} disabled={body.trim() === ''}>
          Add
        </Button>
      </Group>
      {add.isError && (
        <Text fz="xs" c="red" role="alert" mt={4}>
          {errorMessages(add.error).join(' ')}
        </Text>
      )}
    </Card>
  );
}
