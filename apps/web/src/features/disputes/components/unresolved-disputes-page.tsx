import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DISPUTE_MESSAGES, clampPage } from '@portal/contracts';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { useUnresolvedDisputes } from '../api/get-unresolved-disputes.ts';
import { failureMessages } from '../dispute-flash.ts';
import { useNextDispute } from '../hooks/use-next-dispute.ts';
import { UnresolvedDisputesTable } from './unresolved-disputes-table.tsx';

function readPage(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

// /disputes/unresolved?page=N (spec 001 sections 2, 4 and 9): the page lives in the URL; the list is
// polled, and a page past the end (the list shrank meanwhile) becomes the last one.
export function UnresolvedDisputesPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = readPage(params.get('page'));
  const list = useUnresolvedDisputes(page);
  const next = useNextDispute();
  const data = list.data;
  // A page of another number (kept on screen while this one loads) says nothing about this one.
  const totalPages = list.isPlaceholderData ? undefined : data?.meta.total_pages;

  useEffect(() => {
    if (totalPages === undefined) return;
    const clamped = clampPage(page, totalPages);
    if (clamped !== page) setParams({ page: String(clamped) }, { replace: true });
  }, [page, totalPages, setParams]);

  const goTo = (target: number) => setParams({ page: String(target) });

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/disputes" fz="sm">
        Back to Dashboard
      </Anchor>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2} fz="lg">
            Unresolved Disputes
          </Title>
          {data && (
            <Badge size="lg" variant="light" aria-label="Unresolved disputes count">
              {data.meta.total_disputes}
            </Badge>
          )}
        </Group>
        <Button onClick={() => void next.getNext()} loading={next.pending}>
          Get Next Dispute
        </Button>
      </Group>
      <Paper withBorder radius="md" p="md">
        {data ? (
          data.disputes.length === 0 ? (
            <Text c="dimmed">{DISPUTE_MESSAGES.noneLeft}</Text>
          ) : (
            <Stack gap="md" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <UnresolvedDisputesTable disputes={data.disputes} onView={(id) => void navigate(`/disputes/${id}`)} />
              <PagePagination page={page} totalPages={data.meta.total_pages} onChange={goTo} />
            </Stack>
          )
        ) : list.isError ? (
          <Alert color="red" variant="light">
            Error loading disputes: {failureMessages(list.error, 'Something went wrong').join(' ')}
          </Alert>
        ) : (
          <Text>Loading...</Text>
        )}
      </Paper>
    </Stack>
  );
}
