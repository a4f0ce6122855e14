import { useState } from 'react';
import { Alert, Grid, List, Stack, Text, Title } from '@mantine/core';
import { FCRA_MESSAGES } from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useCreateAdjustment } from '../api/create-adjustment.ts';
import { failureMessages } from '../credit-flash.ts';
import { AdjustmentForm, type AdjustmentRequest } from './adjustment-form.tsx';
import { CorrectionFileCard } from './correction-file-card.tsx';
import { ReportingFilesList } from './reporting-files-list.tsx';

type Outcome = { results: readonly string[] } | { errors: readonly string[] } | null;

// Special credit report adjustments (/cr_adj; spec 001 sections 2, 3, 7, 8): the request, then what
// it did (the server's results) or what went wrong, at the top; beside it the correction file.
export function AdjustmentsPage() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const create = useCreateAdjustment();

  const submit = async (request: AdjustmentRequest): Promise<boolean> => {
    setOutcome(null);
    try {
      const answer = await create.mutateAsync(request);
      setOutcome({ results: answer.results });
      return true;
    } catch (error) {
      setOutcome({ errors: failureMessages(error) });
      return false;
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        {FCRA_MESSAGES.adjustmentHeading}
      </Title>
      {outcome && 'results' in outcome && (
        <Alert
          color="green"
          variant="light"
          title="Adjustment recorded"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setOutcome(null)}
        >
          <List size="sm" spacing={2} aria-label="Adjustment results">
            {outcome.results.map((result) => (
              <List.Item key={result}>{result}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {outcome && 'errors' in outcome && (
        <ErrorAlert title="The adjustment was not recorded" errors={outcome.errors} onClose={() => setOutcome(null)} />
      )}
      <Text>
        Fill in <strong>ALL</strong> account information: the loan ID and the user ID of its customer, and the
        adjustment type.
      </Text>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <AdjustmentForm onSubmit={submit} submitting={create.isPending} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <CorrectionFileCard />
            <ReportingFilesList title="Recent correction files" kind="metro2_correction" />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
