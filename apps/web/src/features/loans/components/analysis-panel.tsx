import { useState } from 'react';
import { Button, Card, DataList, Group, Stack, Text, Title } from '@mantine/core';
import { aprLabel, loanTypeLabel, type LoanInfo, type Ticket } from '@portal/contracts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useResendApprovalText } from '../api/resend-approval-text.ts';
import { LoanStatusBadge } from './loan-status-badge.tsx';

type AnalysisPanelProps = { analysis: Ticket['analysis']; loans: Readonly<Record<string, LoanInfo>> };

function LoanSummary({ heading, loan, more }: { heading: string; loan: LoanInfo; more: boolean }) {
  return (
    <Stack gap={4} component="section" aria-label={`${heading} #${loan.id}`}>
      <Group gap={6}>
        <Text fz="xs" fw={600} c="dimmed" tt="uppercase" lts={0.5}>
          {heading}
        </Text>
        <Text fz="sm" fw={700}>
          #{loan.id}
        </Text>
        <LoanStatusBadge loan={loan} />
      </Group>
      <DataList size="xs" gap={2} labelWidth={110}>
        <DataList.Item>
          <DataList.ItemLabel>Amount</DataList.ItemLabel>
          <DataList.ItemValue>
            {formatMoney(loan.applied_amt)}
            {loan.cash_advanced !== null && loan.cash_advanced !== loan.applied_amt
              ? ` (advanced ${formatMoney(loan.cash_advanced)})`
              : ''}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Type · APR</DataList.ItemLabel>
          <DataList.ItemValue>
            {loanTypeLabel(loan.type)} · {aprLabel(loan.apr)}
          </DataList.ItemValue>
        </DataList.Item>
        {more && (
          <>
            <DataList.Item>
              <DataList.ItemLabel>Applied</DataList.ItemLabel>
              <DataList.ItemValue>{formatDate(loan.applied)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Funded</DataList.ItemLabel>
              <DataList.ItemValue>{formatDate(loan.funded)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Payoff balance</DataList.ItemLabel>
              <DataList.ItemValue>{formatMoney(loan.payoff_balance)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Installments</DataList.ItemLabel>
              <DataList.ItemValue>
                {loan.installment_num}
                {loan.maturity ? `, maturing ${formatDate(loan.maturity)}` : ''}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Pays by</DataList.ItemLabel>
              <DataList.ItemValue>
                {loan.eligible_payment_methods.map((method) => method.toUpperCase()).join(', ') || '—'} · auto debit{' '}
                {loan.ach ? 'on' : 'off'}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Approval code</DataList.ItemLabel>
              <DataList.ItemValue>{loan.approval_code ?? '—'}</DataList.ItemValue>
            </DataList.Item>
            {loan.amount_credited_to_loan > 0 && (
              <DataList.Item>
                <DataList.ItemLabel>Credited</DataList.ItemLabel>
                <DataList.ItemValue>{formatMoney(loan.amount_credited_to_loan)}</DataList.ItemValue>
              </DataList.Item>
            )}
          </>
        )}
      </DataList>
    </Stack>
  );
}

function ResendApprovalText({ loanId }: { loanId: number }) {
  const resend = useResendApprovalText();
  return (
    <Group gap="xs">
      <Button
        size="compact-xs"
        variant="light"
        color="teal"
        loading={resend.isPending}
        onClick={() => resend.mutate(loanId)}
      >
        Resend Approval Text
      </Button>
      {/* 'Text Sent' (the spec's), or that it is held for the customer's quiet hours and until when. */}
      {resend.isSuccess && (
        <Text fz="xs" c={resend.data.held_until === null ? 'teal.8' : 'orange.9'} role="status">
          {resend.data.message}
        </Text>
      )}
      {/* The spec's own spelling (section 8). */}
      {resend.isError && (
        <Text fz="xs" c="red.8" role="alert">
          An error occured.
        </Text>
      )}
    </Group>
  );
}

// Analysis (spec 000 section 2): the active loan(s) and the recent application(s) at a glance.
export function AnalysisPanel({ analysis, loans }: AnalysisPanelProps) {
  const [more, setMore] = useState(false);
  const pick = (ids: readonly number[]) =>
    ids.map((id) => loans[String(id)]).filter((loan): loan is LoanInfo => loan !== undefined);
  const active = pick(analysis.active_loan);
  const activeIds = new Set(analysis.active_loan);
  const applied = pick(analysis.applied_loan.filter((id) => !activeIds.has(id)));
  const empty = active.length === 0 && applied.length === 0;

  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md">
          Analysis
        </Title>
        {!empty && (
          <Button size="compact-xs" variant="subtle" onClick={() => setMore((value) => !value)} aria-expanded={more}>
            {more ? 'Show Less' : 'Show More'}
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        {empty && (
          <Text fz="sm" c="dimmed">
            No active loan or recent application.
          </Text>
        )}
        {active.map((loan) => (
          <LoanSummary key={loan.id} heading="Active loan" loan={loan} more={more} />
        ))}
        {applied.map((loan) => (
          <LoanSummary key={loan.id} heading="Recent application" loan={loan} more={more} />
        ))}
        {analysis.recently_approved_loan !== null && <ResendApprovalText loanId={analysis.recently_approved_loan} />}
      </Stack>
    </Card>
  );
}
