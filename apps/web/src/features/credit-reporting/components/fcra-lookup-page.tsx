import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  isValidDate,
  type FcraBankruptcyForm,
  type FcraBankruptcyKind,
  type FcraLookupResponse,
} from '@portal/contracts';
import { businessToday } from '../../../lib/business-date.ts';
import { useSession } from '../../../lib/session.ts';
import { useFcraLookup } from '../api/get-fcra-lookup.ts';
import { creditReportingKeys } from '../api/query-keys.ts';
import { failureMessages } from '../credit-flash.ts';
import { creditReportingPaths } from '../paths.ts';
import { AdditionalLoansSection } from './additional-loans-section.tsx';
import { BankruptcyModal } from './bankruptcy-modal.tsx';
import { FcraLookupForm, type LookupSearch } from './fcra-lookup-form.tsx';
import { FcraMailerButton } from './fcra-mailer-button.tsx';
import { SearchedLoanSection } from './searched-loan-section.tsx';
import { UserDetailSection } from './user-detail-section.tsx';

function initialForm(kind: FcraBankruptcyKind, result: FcraLookupResponse): FcraBankruptcyForm {
  const bankruptcy = result.user.bankruptcy;
  // A discharge is of the case on record, when there is one (its code as digits: the rule's form).
  const onRecord = kind === 'discharge' && bankruptcy !== null;
  return {
    id: String(result.loan.id),
    case_code: onRecord ? bankruptcy.case_code.replace(/\D/g, '') : '',
    b_type: onRecord ? String(bankruptcy.b_type) : '',
    date: '',
  };
}

type ActionsProps = {
  result: FcraLookupResponse;
  // The lookup is being read again (the same search, or the screen opened from the cache).
  reading: boolean;
};

// The actions change what is reported: the credit reporting desk's (credit_reporting.adjust).
function LookupActionsIfAllowed({ result, reading }: ActionsProps) {
  const session = useSession();
  if (session?.permissions.includes('credit_reporting.adjust'))
    return <LookupActions result={result} reading={reading} />;
  return (
    <Text fz="sm" c="gray.7">
      Filing or discharging a bankruptcy and the 103 mailer are for the credit reporting desk (the credit_reporting
      role).
    </Text>
  );
}

// File bankruptcy, Discharge bankruptcy, Send 103 mailer: the lookup's actions on the loan's customer.
// File and Discharge wait while the lookup is read again: their forms start from the case on file,
// and an answer from before it was recorded left the Discharge form empty (issue 28).
function LookupActions({ result, reading }: ActionsProps) {
  const [kind, setKind] = useState<FcraBankruptcyKind | null>(null);
  // The last action's detail sentence stays here (the flash says it succeeded).
  const [done, setDone] = useState<string | null>(null);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="lookup-actions-heading">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={2} fz="md" id="lookup-actions-heading">
              Actions
            </Title>
            {reading && (
              <Text fz="sm" c="dimmed" role="status">
                Reading the loan again…
              </Text>
            )}
          </Group>
          <Group gap="sm">
            <Button variant="default" disabled={reading} onClick={() => setKind('file')}>
              File bankruptcy
            </Button>
            <Button variant="default" disabled={reading} onClick={() => setKind('discharge')}>
              Discharge bankruptcy
            </Button>
            <FcraMailerButton loanId={result.loan.id} onDone={setDone} />
          </Group>
        </Group>
        {done && (
          <Alert color="green" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setDone(null)}>
            {done}
          </Alert>
        )}
      </Stack>
      {kind && (
        <BankruptcyModal
          key={kind}
          kind={kind}
          initial={initialForm(kind, result)}
          onDone={setDone}
          onClose={() => setKind(null)}
        />
      )}
    </Paper>
  );
}

function LookupResult({ search }: { search: LookupSearch }) {
  const lookup = useFcraLookup(search);
  if (lookup.isPending)
    return (
      <Center mih={200}>
        <Loader aria-label="Loading the FCRA lookup" />
      </Center>
    );
  if (lookup.isError)
    return (
      <Alert color="red" variant="light" title="The lookup could not be made">
        {failureMessages(lookup.error).join(' ')}
      </Alert>
    );
  const result = lookup.data;
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        As reported on {result.report_date}.
      </Text>
      <LookupActionsIfAllowed result={result} reading={lookup.isFetching} />
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <SearchedLoanSection loan={result.loan} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <UserDetailSection user={result.user} />
        </Grid.Col>
      </Grid>
      <AdditionalLoansSection loans={result.additional_loans} reportDate={result.report_date} />
    </Stack>
  );
}

type FcraLookupPageProps = {
  // As the URL gives them (?loan_id=&report_date=); the report date is today when absent.
  loanIdParam: string | null;
  reportDateParam: string | null;
  onSearch: (search: LookupSearch) => void;
};

// The loan-based FCRA lookup (spec 001 sections 2, 3, 5, 7, 8): search by loan id and report date;
// the loan as reported, its customer and other loans; file or discharge a bankruptcy, send the 103
// mailer. The search lives in the URL, so a link from the loan card opens it filled and searched.
export function FcraLookupPage({ loanIdParam, reportDateParam, onSearch }: FcraLookupPageProps) {
  const queryClient = useQueryClient();
  const loanId = loanIdParam?.trim() ?? '';
  const reportDate = reportDateParam?.trim() || businessToday();
  const search: LookupSearch | null =
    /^\d{1,15}$/.test(loanId) && Number(loanId) > 0 && isValidDate(reportDate)
      ? { loanId: Number(loanId), reportDate }
      : null;
  // The same search again reads the loan afresh; another one goes to the URL.
  const searchFor = (next: LookupSearch) => {
    if (search && next.loanId === search.loanId && next.reportDate === search.reportDate)
      void queryClient.invalidateQueries({ queryKey: creditReportingKeys.lookup(next.loanId, next.reportDate) });
    else onSearch(next);
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={24}>
          FCRA Lookup
        </Title>
        <Anchor component={Link} to={creditReportingPaths.acdv} fz="sm">
          ACDV requests
        </Anchor>
      </Group>
      <FcraLookupForm
        key={`form|${loanId}|${reportDate}`}
        initialLoanId={loanId}
        initialReportDate={reportDate}
        onSearch={searchFor}
      />
      {search ? (
        <LookupResult key={`result|${search.loanId}|${search.reportDate}`} search={search} />
      ) : (
        <Text c="dimmed" fz="sm">
          Enter a loan ID to see what the Portal reports of it.
        </Text>
      )}
    </Stack>
  );
}
