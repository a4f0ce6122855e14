import { useMemo, useState } from 'react';
import { Badge, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { LoanInfo } from '@portal/contracts';
import type { MutationEvents } from '../../../lib/react-query.ts';
import { LoanMutationEventsProvider } from '../loan-mutation-events.ts';
import { latestLoan, visibleLoans } from '../loan-selection.ts';
import { LoanCard } from './loan-card.tsx';

type LoanInformationPanelProps = {
  loans: Readonly<Record<string, LoanInfo>>;
  // What the screen does after each loan or payment action (refresh what shows the loans, report errors).
  mutationConfig?: MutationEvents;
};

const NO_EVENTS: MutationEvents = {};

// The expandable Loan Information panel (spec 000 sections 2 and 4).
export function LoanInformationPanel({ loans, mutationConfig = NO_EVENTS }: LoanInformationPanelProps) {
  const [opened, { toggle }] = useDisclosure(true);
  const [showHistory, setShowHistory] = useState(false);
  const all = useMemo(() => Object.values(loans), [loans]);
  const shown = visibleLoans(all, showHistory);
  const latest = latestLoan(all);
  const hidden = all.length - visibleLoans(all, false).length;

  return (
    <LoanMutationEventsProvider value={mutationConfig}>
      <Card withBorder radius="md" padding="sm">
        <Group justify="space-between" mb={opened ? 'xs' : 0}>
          <Group gap="xs">
            <Title order={2} fz="md">
              Loan Information
            </Title>
            <Badge size="sm" variant="light" color="gray">
              {all.length}
            </Badge>
          </Group>
          <Group gap={4}>
            {opened && all.length > 0 && hidden > 0 && (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => setShowHistory((value) => !value)}
                aria-pressed={showHistory}
              >
                {showHistory ? 'Hide History' : 'Show History'}
              </Button>
            )}
            <Button size="compact-xs" variant="subtle" color="gray" onClick={toggle} aria-expanded={opened}>
              {opened ? 'Collapse' : 'Expand'}
            </Button>
          </Group>
        </Group>
        <Collapse expanded={opened}>
          {all.length === 0 ? (
            <Text fz="sm" c="dimmed">
              No Loan Info To Show
            </Text>
          ) : (
            <Stack gap="xs">
              {shown.map((loan) => (
                <LoanCard key={loan.id} loan={loan} latest={latest} />
              ))}
              {!showHistory && hidden > 0 && (
                <Text fz="xs" c="dimmed">
                  {hidden} older {hidden === 1 ? 'loan' : 'loans'} hidden
                </Text>
              )}
            </Stack>
          )}
        </Collapse>
      </Card>
    </LoanMutationEventsProvider>
  );
}
