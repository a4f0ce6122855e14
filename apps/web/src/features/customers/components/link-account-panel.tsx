import { useState, type FormEvent } from 'react';
import { Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MutationEvents } from '../../../lib/react-query.ts';
import { useLinkTicket } from '../api/link-ticket.ts';

type LinkBy = 'id' | 'email';
type LinkAccountPanelProps = { ticketId: number; suggestedEmail: string | null; mutationConfig?: MutationEvents };

// Shown instead of Personal Information while no customer is matched to the ticket.
export function LinkAccountPanel({ ticketId, suggestedEmail, mutationConfig }: LinkAccountPanelProps) {
  const [by, setBy] = useState<LinkBy>('id');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const link = useLinkTicket({ mutationConfig });

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = value.trim();
    if (by === 'id') {
      const id = Number(text);
      if (!/^\d+$/.test(text) || id <= 0) {
        setError('Enter the customer ID (a number).');
        return;
      }
      link.mutate({ ticket_id: ticketId, user_id: id });
    } else {
      if (!text.includes('@')) {
        setError('Enter the customer’s email address.');
        return;
      }
      link.mutate({ ticket_id: ticketId, email: text });
    }
  }

  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label="Link Account">
      <Stack gap="xs">
        <Title order={2} fz="md">
          Link Account
        </Title>
        <Text fz="sm" c="dimmed">
          No customer is matched to this ticket. Link it to the customer’s account to see their loans and details.
        </Text>
        <form onSubmit={submit}>
          <Stack gap="xs">
            <SegmentedControl
              size="xs"
              value={by}
              onChange={(next) => {
                setBy(next === 'email' ? 'email' : 'id');
                setError(null);
              }}
              data={[
                { value: 'id', label: 'Customer ID' },
                { value: 'email', label: 'Email' },
              ]}
              aria-label="Link by"
            />
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={by === 'id' ? 'Customer ID' : 'Customer email'}
                placeholder={by === 'id' ? 'e.g. 1042' : 'name@example.com'}
                size="xs"
                value={value}
                onChange={(event) => {
                  setValue(event.currentTarget.value);
                  setError(null);
                }}
                error={error}
                inputMode={by === 'id' ? 'numeric' : 'email'}
                style={{ flex: 1 }}
              />
              <Button size="xs" type="submit" loading={link.isPending}>
                Link
              </Button>
            </Group>
            {by === 'email' && suggestedEmail && value === '' && (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => setValue(suggestedEmail)}
                style={{ alignSelf: 'flex-start' }}
              >
                Use sender {suggestedEmail}
              </Button>
            )}
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
