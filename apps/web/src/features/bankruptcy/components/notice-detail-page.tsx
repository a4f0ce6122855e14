import { Alert, Grid, Stack, Text, Title } from '@mantine/core';
import { NOTICE_MESSAGES, NOTICE_VIEWER_MIN_HEIGHT } from '@portal/contracts';
import { DocumentFrame } from '../../../components/document-frame.tsx';
import { InactivityModal } from '../../../components/inactivity-modal.tsx';
import { ApiError, errorMessages } from '../../../lib/api-error.ts';
import { useNotice } from '../api/get-notice.ts';
import { useNoticeHold } from '../hooks/use-notice-hold.ts';
import { NoticeActionBar } from './notice-action-bar.tsx';
import { NoticeBreadcrumbs } from './notice-breadcrumbs.tsx';
import { NoticeDetailsCard } from './notice-details-card.tsx';

export const SCANNED_NOTICE_MESSAGE = 'No text could be read from this PDF: fill the fields in from the document.';

function LoadFailure({ error }: { error: Error }) {
  if (error instanceof ApiError && error.status === 404)
    return (
      <Alert color="yellow" variant="light">
        The requested bankruptcy notice could not be found.
      </Alert>
    );
  return (
    <Alert color="red" variant="light">
      {error instanceof ApiError
        ? `Error loading notice data: ${errorMessages(error).join(' ')}`
        : 'Failed to load notice details.'}
    </Alert>
  );
}

// 'Bankruptcy Notice #{id}' (spec 001 sections 2 and 4): the document beside its details. Mount it
// once per id (key) so holding, releasing and the inactivity timer belong to one notice.
export function NoticeDetailPage({ id }: { id: number }) {
  const query = useNotice(id);
  const notice = query.data;
  const hold = useNoticeHold(id, notice);

  return (
    <Stack gap="md">
      <NoticeBreadcrumbs id={id} />
      <Title order={1} fz={24}>
        Bankruptcy Notice #{id}
      </Title>
      {query.isPending ? (
        <Text>Loading notice details...</Text>
      ) : query.isError ? (
        <LoadFailure error={query.error} />
      ) : (
        <>
          <NoticeActionBar notice={query.data} />
          {hold.heldByOther && (
            <Alert color="yellow" variant="light" role="alert">
              {NOTICE_MESSAGES.heldByOther}
            </Alert>
          )}
          {!query.data.has_text && (
            <Alert color="blue" variant="light">
              {SCANNED_NOTICE_MESSAGE}
            </Alert>
          )}
          <Grid gap="md" align="flex-start">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <DocumentFrame
                url={query.data.attachment_url || null}
                title={`Bankruptcy notice #${id} (${query.data.file_name})`}
                minHeight={NOTICE_VIEWER_MIN_HEIGHT}
                placeholder="No document available for this notice"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <NoticeDetailsCard notice={query.data} editable={hold.heldByMe} />
            </Grid.Col>
          </Grid>
        </>
      )}
      <InactivityModal secondsLeft={hold.secondsLeft} onContinue={hold.continueWorking} />
    </Stack>
  );
}
