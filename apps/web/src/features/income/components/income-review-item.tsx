import { useState } from 'react';
import { Grid, Paper, SegmentedControl, Stack } from '@mantine/core';
import type { IncomeReviewItem } from '@portal/contracts';
import { PaystubFeed } from './paystub-feed.tsx';
import { RerequestForm } from './rerequest-form.tsx';
import { ReviewHeader } from './review-header.tsx';
import { VerifyIncomeForm } from './verify-income-form.tsx';

const MODES = ['Verify Income', 'Re-request Documents'] as const;
type Mode = (typeof MODES)[number];

type IncomeReviewItemViewProps = {
  item: IncomeReviewItem;
  needReviewTotal: number;
  busy: boolean;
};

// One leased loan: its paystubs on the left; on the right who it is, and the two ways to finish
// it. Both forms stay mounted, so what was typed in one survives a look at the other.
export function IncomeReviewItemView({ item, needReviewTotal, busy }: IncomeReviewItemViewProps) {
  const [mode, setMode] = useState<Mode>('Verify Income');
  return (
    <Grid gap="md" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <PaystubFeed item={item} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="md">
          <ReviewHeader item={item} needReviewTotal={needReviewTotal} />
          <SegmentedControl
            fullWidth
            data={[...MODES]}
            value={mode}
            onChange={(value) => setMode(value as Mode)}
            aria-label="Action"
          />
          <Paper withBorder radius="md" p="md">
            <div hidden={mode !== 'Verify Income'}>
              <VerifyIncomeForm item={item} busy={busy} />
            </div>
            <div hidden={mode !== 'Re-request Documents'}>
              <RerequestForm item={item} busy={busy} />
            </div>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
