import { useCallback } from 'react';
import { Alert, Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { LiveRecord } from '../../../components/live-record.tsx';
import { ApiError, errorMessages } from '../../../lib/api-error.ts';
import { useReleaseOnLeave } from '../../../lib/use-release-on-leave.ts';
import { useIncomeReview } from '../api/get-income-review.ts';
import { releaseIncomeReview } from '../api/release-income-review.ts';
import { IncomeReviewItemView } from './income-review-item.tsx';

export const NO_LOANS_MESSAGE = 'There are no loans that need review';

// Income review (/income; spec 001 sections 2, 4, 5, 8): one loan at a time, leased to me by the
// server; once verified or re-requested, the next one is asked for.
export function IncomeReviewPage() {
  const review = useIncomeReview();
  // Leaving the screen (or closing the tab) hands the loan I hold back at once, not in 30 minutes.
  const heldLoanId = review.data?.review?.loan_id ?? null;
  const release = useCallback(() => {
    if (heldLoanId !== null) releaseIncomeReview(heldLoanId);
  }, [heldLoanId]);
  useReleaseOnLeave(heldLoanId === null ? null : release);
  const forbidden = review.error instanceof ApiError && review.error.status === 403;

  let main;
  if (review.isPending)
    main = (
      <Center mih={240}>
        <Loader aria-label="Checking for loans that need review" />
      </Center>
    );
  else if (review.isError)
    main = (
      <Alert
        color={forbidden ? 'yellow' : 'red'}
        variant="light"
        title={forbidden ? 'Not available to you' : 'The next loan could not be loaded'}
      >
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{errorMessages(review.error).join(' ')}</Text>
          {!forbidden && (
            <Button size="xs" variant="light" onClick={() => void review.refetch()}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    );
  else if (review.data.review === null)
    main = (
      <Card withBorder radius="md" p="xl">
        <Text ta="center" c="dimmed">
          {NO_LOANS_MESSAGE}
        </Text>
      </Card>
    );
  else
    main = (
      <>
        <LiveRecord kind="income_review" id={review.data.review.review_id} noun="review" queryKeys={[]} />
        <IncomeReviewItemView
          // Each answer is a fresh lease, even of the same loan: its forms start empty.
          key={`${review.data.review.loan_id}:${review.dataUpdatedAt}`}
          item={review.data.review}
          needReviewTotal={review.data.need_review_total}
          busy={review.isFetching}
        />
      </>
    );

  return (
    <Stack gap="md">
      <Title order={2}>Income Review</Title>
      {main}
    </Stack>
  );
}
