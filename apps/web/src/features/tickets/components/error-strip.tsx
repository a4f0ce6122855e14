import { Alert, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { clearTicketErrors, dismissTicketError, useTicketErrors } from '../ticket-errors.ts';

// The ticket's own server errors (spec 000 section 8), kept per ticket id: they stay with the ticket
// when the agent moves on and come back with it.
export function ErrorStrip({ ticketId }: { ticketId: number }) {
  const errors = useTicketErrors(ticketId);
  if (errors.length === 0) return null;
  return (
    <Alert color="red" variant="light" p="xs" aria-label={`Errors for ticket #${ticketId}`} role="alert">
      <Stack gap={4}>
        {errors.map((entry) => (
          <Group key={entry.id} gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
            <Text fz="sm" c="red.9">
              {entry.message}
            </Text>
            <CloseButton
              size="sm"
              aria-label={`Dismiss error: ${entry.message}`}
              onClick={() => dismissTicketError(ticketId, entry.id)}
            />
          </Group>
        ))}
        {errors.length > 1 && (
          <Group justify="flex-end">
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => clearTicketErrors(ticketId)}>
              Dismiss all
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
