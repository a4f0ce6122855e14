import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  EmptyState,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { FCRA_MESSAGES } from '@portal/contracts';
import { LiveRecord } from '../../../components/live-record.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useAcdvRequest } from '../api/get-acdv-request.ts';
import { creditReportingKeys } from '../api/query-keys.ts';
import { failureMessages } from '../credit-flash.ts';
import { creditReportingPaths } from '../paths.ts';
import { AcdvImportCard } from './acdv-import-card.tsx';
import { AcdvRequestView } from './acdv-request-view.tsx';
import { RecordAcdvsCard } from './record-acdvs-card.tsx';
import { ReportingFilesList } from './reporting-files-list.tsx';

// The desk's tools beside the queue: import requests, record the answers, download the files.
function DeskPanel() {
  return (
    <Stack gap="md" component="aside" aria-label="Credit reporting desk">
      <AcdvImportCard />
      <RecordAcdvsCard />
      <ReportingFilesList title="Recent files" />
    </Stack>
  );
}

// The ACDV dashboard (/fcra and /acdv; spec 001 sections 2, 4, 7, 9): one request at a time, the
// earliest response due first. The skip list (control numbers already seen) lives in the page: it
// starts empty each time the screen opens.
export function AcdvDashboard() {
  const [skip, setSkip] = useState<readonly string[]>([]);
  const request = useAcdvRequest(skip);
  const forbidden = request.error instanceof ApiError && request.error.status === 403;

  let main;
  if (request.isPending)
    main = (
      <Center mih={240}>
        <Loader aria-label="Loading the next ACDV request" />
      </Center>
    );
  else if (request.isError)
    main = (
      <Alert
        color={forbidden ? 'yellow' : 'red'}
        variant="light"
        title={forbidden ? 'Not available to you' : 'The ACDV request could not be loaded'}
      >
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{failureMessages(request.error).join(' ')}</Text>
          {!forbidden && (
            <Button size="xs" variant="light" onClick={() => void request.refetch()}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    );
  else if (request.data.acdv === null)
    main = (
      <Card withBorder radius="md" p="xl">
        <EmptyState
          title={FCRA_MESSAGES.noAcdvLeft}
          description={
            skip.length > 0
              ? `You skipped ${skip.length === 1 ? '1 request' : `${skip.length} requests`}; ${request.data.count} unanswered in all.`
              : undefined
          }
        >
          {skip.length > 0 && (
            <Button mt="md" onClick={() => setSkip([])}>
              Start over with the skipped requests
            </Button>
          )}
        </EmptyState>
      </Card>
    );
  else
    main = (
      <>
        <LiveRecord
          kind="acdv_request"
          id={request.data.acdv.id}
          noun="ACDV request"
          queryKeys={[creditReportingKeys.acdvRequests()]}
        />
        <AcdvRequestView
          key={request.data.acdv.control_number}
          answer={{ ...request.data, acdv: request.data.acdv }}
          onSkip={(controlNumber) => setSkip((current) => [...current, controlNumber])}
          busy={request.isFetching}
        />
      </>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} fz={24}>
            FCRA
          </Title>
          <Text c="dimmed" fz="sm">
            Credit-bureau dispute requests (ACDV), one at a time, the earliest response due first.
          </Text>
        </Stack>
        <Anchor component={Link} to={creditReportingPaths.lookup} fz="sm">
          FCRA lookup by loan
        </Anchor>
      </Group>
      {forbidden ? (
        main
      ) : (
        <Grid gap="md" align="flex-start">
          <Grid.Col span={{ base: 12, lg: 8 }}>{main}</Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <DeskPanel />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
