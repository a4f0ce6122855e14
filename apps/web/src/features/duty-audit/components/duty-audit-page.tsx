import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  DUTY_AUDIT_MAX_DAYS,
  DUTY_AUDIT_RULE_LABELS,
  DUTY_AUDIT_RULES,
  dutyAuditQuerySchema,
  type DutyAuditResponse,
} from '@portal/contracts';
import { errorMessages } from '../../../lib/api-error.ts';
import { businessToday } from '../../../lib/business-date.ts';
import { useRunDutyAudit } from '../api/run-duty-audit.ts';
import { saveDutyAuditCsv } from '../api/save-duty-audit-csv.ts';
import { DutyAuditTable } from './duty-audit-table.tsx';

function Summary({ report }: { report: DutyAuditResponse }) {
  const found =
    report.breach_count === 0
      ? 'no breach'
      : `${report.breach_count.toLocaleString('en-US')} ${report.breach_count === 1 ? 'breach' : 'breaches'}`;
  return (
    <Text>
      {report.messages_checked.toLocaleString('en-US')} messages delivered and{' '}
      {report.debits_checked.toLocaleString('en-US')} debits presented from {report.from} to {report.to} (days in{' '}
      {report.time_zone}) were checked against the duties in force at the time: {found}
      {report.breach_count === 0
        ? '.'
        : ` (${DUTY_AUDIT_RULES.flatMap((rule) => {
            const count = report.by_rule[rule];
            return count ? [`${DUTY_AUDIT_RULE_LABELS[rule]}: ${count.toLocaleString('en-US')}`] : [];
          }).join('; ')}).`}
    </Text>
  );
}

// /duty_audit (issue 39, decision 059): compliance's duty audit. A range of days (at most
// DUTY_AUDIT_MAX_DAYS), then every breach the server found among the messages delivered and the
// debits presented in it, each with the rule and what it said then, and the same rows as a CSV file.
// Each run is audited by the server; the CSV is made from the report on screen.
export function DutyAuditPage() {
  const today = businessToday();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [problem, setProblem] = useState<string | null>(null);
  const audit = useRunDutyAudit();
  const report = audit.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = dutyAuditQuerySchema.safeParse({ from, to });
    if (!checked.success) {
      setProblem(checked.error.issues.map((issue) => issue.message).join(' '));
      return;
    }
    setProblem(null);
    audit.mutate(checked.data);
  };

  return (
    <Stack gap="lg">
      <Title order={1} fz={24}>
        Duty audit
      </Title>
      <Text fz="sm" c="dimmed">
        Every message delivered and every debit presented in the range, replayed against the contact hours, the
        customer&apos;s flags, the bankruptcy stay, the weekly cap of collection texts and the debit stops as they stood
        at that moment, from what the Portal recorded. Up to {DUTY_AUDIT_MAX_DAYS} days at a time.
      </Text>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label="Range of the audit">
        <Group align="flex-end" gap="md">
          {(
            [
              ['From', from, setFrom, { max: to || undefined }],
              ['To', to, setTo, { min: from || undefined }],
            ] as const
          ).map(([label, value, set, bounds]) => (
            <TextInput
              key={label}
              type="date"
              label={label}
              value={value}
              {...bounds}
              onChange={(event) => set(event.currentTarget.value)}
              required
              w={200}
            />
          ))}
          <Button type="submit" loading={audit.isPending}>
            Run audit
          </Button>
        </Group>
        {problem && (
          <Text c="red.8" fz="sm" mt="xs" role="alert">
            {problem}
          </Text>
        )}
      </Paper>
      <div aria-live="polite">
        {audit.isError && (
          <Alert color="red" title="The audit could not be run">
            {errorMessages(audit.error).join(' ') || 'Try again.'}
          </Alert>
        )}
        {report && <Summary report={report} />}
      </div>
      {report && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              Breaches
            </Title>
            <Button variant="default" onClick={() => saveDutyAuditCsv(report)}>
              Download CSV
            </Button>
          </Group>
          {report.truncated && (
            <Alert color="yellow" title="Not every breach is listed">
              The first {report.breaches.length.toLocaleString('en-US')} of{' '}
              {report.breach_count.toLocaleString('en-US')} breaches are listed (and in the CSV). Run a shorter range to
              see the rest.
            </Alert>
          )}
          {report.breaches.length === 0 ? (
            <Text>No breach: every delivery and debit in the range met the duties then in force.</Text>
          ) : (
            <DutyAuditTable
              breaches={report.breaches}
              caption={`Breaches from ${report.from} to ${report.to}, the earliest first`}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
