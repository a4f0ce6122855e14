import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { isValidDate } from '@portal/contracts';
import { businessToday } from '../../../lib/business-date.ts';

export type LookupSearch = { loanId: number; reportDate: string };

type FcraLookupFormProps = {
  initialLoanId: string;
  initialReportDate: string;
  onSearch: (search: LookupSearch) => void;
};

type Problems = { loanId?: string; reportDate?: string };

function problemsOf(loanId: string, reportDate: string, today: string): Problems {
  const problems: Problems = {};
  if (loanId.trim() === '') problems.loanId = 'Loan ID is required.';
  else if (!/^\d{1,15}$/.test(loanId.trim()) || Number(loanId) < 1) problems.loanId = 'Loan ID must be a number.';
  if (reportDate === '') problems.reportDate = 'Report date is required.';
  else if (!isValidDate(reportDate)) problems.reportDate = 'Report date must be a real date.';
  else if (reportDate > today) problems.reportDate = `Report date cannot be after today (${today}).`;
  return problems;
}

// Loan ID and report date (today unless another is given), then Search. Mount it with a key of
// the URL's search: a link to another loan fills it afresh.
export function FcraLookupForm({ initialLoanId, initialReportDate, onSearch }: FcraLookupFormProps) {
  const [loanId, setLoanId] = useState(initialLoanId);
  const [reportDate, setReportDate] = useState(initialReportDate);
  const [problems, setProblems] = useState<Problems>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(loanId, reportDate, businessToday());
    setProblems(found);
    if (found.loanId || found.reportDate) return;
    onSearch({ loanId: Number(loanId.trim()), reportDate });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label="FCRA lookup search" noValidate>
      <Group align="flex-start" gap="md">
        <TextInput
          label="Loan ID"
          inputMode="numeric"
          value={loanId}
          onChange={(event) => setLoanId(event.currentTarget.value)}
          error={problems.loanId}
          w={180}
        />
        <TextInput
          label="Report date"
          type="date"
          value={reportDate}
          max={businessToday()}
          onChange={(event) => setReportDate(event.currentTarget.value)}
          error={problems.reportDate}
          w={200}
        />
        <Button type="submit" mt={25}>
          Search
        </Button>
      </Group>
    </Paper>
  );
}
