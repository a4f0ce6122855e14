import { useEffect, useRef, useState } from 'react';
import { Button, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { ANALYTICS_MESSAGES, analyticsRangeProblems } from '@portal/contracts';
import { businessToday } from '../../../lib/business-date.ts';
import { useAverage, useCount, useTextEmail, type DateRange } from '../api/analytics.ts';
import { QUICK_RANGES, formatDuration, quickRange, type QuickRange } from '../quick-ranges.ts';
import { AutoResponseCard } from './auto-response-card.tsx';
import { EmployeeTable } from './employee-table.tsx';
import { MetricCard } from './metric-card.tsx';
import { PaymentUpdatesCard } from './payment-updates-card.tsx';
import { TextsEmailsChart } from './texts-emails-chart.tsx';
import '@mantine/dates/styles.css';

const number = (value: number | undefined) => (value === undefined ? '' : value.toLocaleString('en-US'));
const answeredTickets = (average: { responded: number } | undefined) =>
  average ? `over ${number(average.responded)} answered tickets` : null;

// The figures across the top, each with how it is worked out.
const FIGURES = {
  conversations: {
    label: 'Conversations',
    explanation: "Tickets that started in the range (a customer's first message opens one).",
  },
  average: {
    label: 'Average first response',
    explanation:
      "From a ticket's start to the first reply an employee sent, averaged over the range's tickets that have one. Auto-responses do not count.",
  },
  adjusted: {
    label: 'Adjusted first response',
    explanation:
      'The same, counting business hours only (BUSINESS_HOURS, e.g. Mon-Fri 08:00-17:00): a message on Friday evening answered on Monday at 08:30 counts 30 minutes.',
  },
  outbound: {
    label: 'Outbound messages',
    explanation: 'Texts and emails the Portal sent or queued to customers in the range, by staff or automatically.',
  },
  inbound: { label: 'Inbound messages', explanation: 'Texts and emails customers sent in the range.' },
} as const;

// /visualize/cs (spec 001 sections 2, 5, 8, 9): the customer-service dashboard over a date range.
export function CsAnalyticsPage() {
  const today = businessToday();
  const [range, setRange] = useState<DateRange>(() => quickRange('Week', today));
  const [quick, setQuick] = useState<QuickRange | null>('Week');
  const [picked, setPicked] = useState<[string | null, string | null]>([range.start, range.end]);
  const [employees, setEmployees] = useState<number[]>([]);

  const conversations = useCount('totalNumberOfConversations', range);
  const outbound = useCount('totalOutboundMessages', range);
  const inbound = useCount('totalInboundMessages', range);
  const average = useAverage('averageFirstResponseTime', range);
  const adjusted = useAverage('adjustedAverageFirstResponseTime', range);
  const textEmail = useTextEmail(range);

  const choose = (name: QuickRange) => {
    const next = quickRange(name, today);
    setQuick(name);
    setRange(next);
    setPicked([next.start, next.end]);
  };
  const pick = (value: [string | null, string | null]) => {
    setPicked(value);
    const [start, end] = value;
    if (start && end && analyticsRangeProblems(start, end, today).length === 0) {
      setQuick(null);
      setRange({ start, end });
    }
  };

  const loaded = [conversations, outbound, inbound].every((query) => query.isSuccess);
  const empty = loaded && conversations.data?.count === 0 && outbound.data?.count === 0 && inbound.data?.count === 0;
  // Spec 001 section 8: an empty answer is a browser alert, like the spec's other alerts (the
  // reply box's). Once per range asked: the ref keeps re-renders from alerting again.
  const alerted = useRef<string | null>(null);
  useEffect(() => {
    const asked = `${range.start}/${range.end}`;
    if (!empty) {
      if (loaded) alerted.current = null;
      return;
    }
    if (alerted.current === asked) return;
    alerted.current = asked;
    window.alert(ANALYTICS_MESSAGES.noResults);
  }, [empty, loaded, range.start, range.end]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={24}>
          Customer service analytics
        </Title>
        <Text c="dimmed" fz="sm">
          Figures for whole business days, from the start of the first to the end of the last.
        </Text>
      </div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Button.Group>
          {QUICK_RANGES.map((name) => (
            <Button key={name} variant={quick === name ? 'filled' : 'default'} onClick={() => choose(name)}>
              {name}
            </Button>
          ))}
        </Button.Group>
        <DatePickerInput
          type="range"
          label="Date range"
          value={picked}
          onChange={(value) => pick(value as [string | null, string | null])}
          maxDate={today}
          allowSingleDateInRange
          valueFormat="MMM D, YYYY"
          w={300}
        />
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <MetricCard {...FIGURES.conversations} value={number(conversations.data?.count)} answer={conversations} />
        <MetricCard
          {...FIGURES.average}
          value={formatDuration(average.data?.average_seconds)}
          detail={answeredTickets(average.data)}
          answer={average}
        />
        <MetricCard
          {...FIGURES.adjusted}
          value={formatDuration(adjusted.data?.average_seconds)}
          detail={answeredTickets(adjusted.data)}
          answer={adjusted}
        />
        <MetricCard {...FIGURES.outbound} value={number(outbound.data?.count)} answer={outbound} />
        <MetricCard {...FIGURES.inbound} value={number(inbound.data?.count)} answer={inbound} />
      </SimpleGrid>

      {/* The page takes the screen's width, as the other dashboards do (issue 28); on a wide one
          the two small cards share a row. */}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <AutoResponseCard range={range} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <PaymentUpdatesCard range={range} />
        </Grid.Col>
      </Grid>
      {textEmail.data && <TextsEmailsChart answer={textEmail.data} />}
      <EmployeeTable range={range} chosen={employees} onChoose={setEmployees} />
    </Stack>
  );
}
