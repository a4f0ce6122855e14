import { Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { messageActions, type MessageAction, type SuggestedAction } from '@portal/contracts';
import type { MutationEvents } from '../../../lib/react-query.ts';
import { useTakeMessageAction } from '../api/take-message-action.ts';

function asMessageAction(action: string): MessageAction | null {
  return messageActions.find((candidate) => candidate === action) ?? null;
}

// Actions the suggester proposes. Those users/take_message_action can run (with a loan) are buttons;
// the others are reminders of what to do in the panels on the right (edit a field, move a payment).
export function SuggestedActions({
  actions,
  mutationConfig,
}: {
  actions: readonly SuggestedAction[];
  mutationConfig?: MutationEvents;
}) {
  const take = useTakeMessageAction({ mutationConfig });
  if (actions.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap">
      <Text fz="xs" fw={600} c="dimmed" tt="uppercase" lts={0.5}>
        Suggested actions
      </Text>
      {actions.map((item) => {
        const action = asMessageAction(item.action);
        const loanId = item.loan_id;
        const key = `${item.action}-${item.loan_id ?? 'none'}`;
        if (action === null || loanId === null) {
          return (
            <Tooltip key={key} label={`${item.reason}. Do this in the panels on the right.`} multiline maw={300}>
              <Badge variant="outline" color="gray" size="md" radius="sm" tt="none" fw={500} style={{ cursor: 'help' }}>
                {item.label}
              </Badge>
            </Tooltip>
          );
        }
        return (
          <Tooltip key={key} label={item.reason} multiline maw={300}>
            <Button
              size="compact-xs"
              variant="light"
              color="teal"
              loading={take.isPending && take.variables.message_action === action && take.variables.loan_id === loanId}
              onClick={() => take.mutate({ message_action: action, loan_id: loanId })}
            >
              {item.label}
            </Button>
          </Tooltip>
        );
      })}
    </Group>
  );
}
