import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { LoanInfo } from '@portal/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAddLoanComment } from '../api/add-loan-comment.ts';
import { useLoanMutationEvents } from '../loan-mutation-events.ts';

// The loan's comments box: newest first with author and time, a new one added below.
export function LoanComments({ loan }: { loan: LoanInfo }) {
  const [body, setBody] = useState('');
  const add = useAddLoanComment({ mutationConfig: useLoanMutationEvents() });
  const submit = () => {
    if (body.trim() === '') return;
    add.mutate({ loan_id: loan.id, comment: body }, { onSuccess: () => setBody('') });
  };
  return (
    <Stack gap={4}>
      <Stack gap={2} mah={140} style={{ overflowY: 'auto' }} aria-label={`Comments of loan #${loan.id}`}>
        {loan.comments.length === 0 ? (
          <Text fz="xs" c="dimmed">
            No comments
          </Text>
        ) : (
          loan.comments.map((comment) => (
            <Text key={comment.id} fz="xs">
              {comment.body}{' '}
              <Text span fz={10} c="dimmed">
                — {comment.employee ?? 'system'}, {formatDateTime(comment.created_at)}
              </Text>
            </Text>
          ))
        )}
      </Stack>
      <Group gap={6} wrap="nowrap" align="flex-end">
        <Textarea
          size="xs"
          aria-label={`Comment on loan #${loan.id}`}
          placeholder="Add a loan comment"
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          autosize
          minRows={1}
          style={{ flex: 1 }}
        />
        <Button
          size="xs"
          variant="light"
          aria-label={`Add comment to loan #${loan.id}`}
          onClick={submit}
          loading={add.isPending}
          disabled={body.trim() === ''}
        >
          Add
        </Button>
      </Group>
    </Stack>
  );
}
