import { useState } from 'react';
import { Button, Card, Divider, Group, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { NOTICE_MESSAGES, noticeProblems, type BankruptcyNotice, type ProcessNoticeResponse } from '@portal/contracts';
import { useProcessNotice } from '../api/process-notice.ts';
import { noticeKeys } from '../api/query-keys.ts';
import { useUpdateNotice } from '../api/update-notice.ts';
import {
  canChooseCustomer,
  draftFromNotice,
  draftProblems,
  isDraftChanged,
  unreadableDates,
  updateBodyFromDraft,
  type NoticeDraft,
} from '../notice-draft.ts';
import { flashFailure, flashTop } from '../notice-flash.ts';
import { NoticeCustomer } from './notice-customer.tsx';
import { NoticeForm } from './notice-form.tsx';
import { NoticeView } from './notice-view.tsx';
import { ProcessOutcome } from './process-outcome.tsx';

type NoticeDetailsCardProps = {
  notice: BankruptcyNotice;
  // Assigned to me and not processed (spec 001 section 4).
  editable: boolean;
};

// The notice's details (spec 001 sections 2, 4, 5): view and edit modes, Save, Cancel and
// 'Process Notice'. The rules' problems are warnings while editing; once Process is pressed they
// are errors and the button stays disabled until none is left.
export function NoticeDetailsCard({ notice, editable }: NoticeDetailsCardProps) {
  const queryClient = useQueryClient();
  const update = useUpdateNotice();
  const process = useProcessNotice();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<NoticeDraft>(() => draftFromNotice(notice));
  const [processPressed, setProcessPressed] = useState(false);
  const [recorded, setRecorded] = useState<ProcessNoticeResponse['consequences'] | null>(null);

  const isEditing = editing && editable;
  const problems = isEditing ? draftProblems(draft) : noticeProblems(notice.type, notice.parsed_data);
  const changed = isEditing && isDraftChanged(draft, notice);
  const processed = notice.status === 'processed';
  const busy = update.isPending || process.isPending;

  const startEditing = () => {
    setDraft(draftFromNotice(notice));
    setEditing(true);
  };
  // Cancel puts back what the server holds.
  const cancel = () => {
    setDraft(draftFromNotice(notice));
    setEditing(false);
    setProcessPressed(false);
  };

  const save = async (): Promise<boolean> => {
    const unreadable = unreadableDates(draft);
    if (unreadable.length > 0) {
      for (const message of unreadable) flashTop(message, 'error');
      return false;
    }
    try {
      await update.mutateAsync({ id: notice.id, ...updateBodyFromDraft(draft, notice) });
      flashTop(NOTICE_MESSAGES.updated, 'success');
      setEditing(false);
      return true;
    } catch (error) {
      flashFailure(error, NOTICE_MESSAGES.updateFailed);
      return false;
    }
  };

  const processNow = async () => {
    setProcessPressed(true);
    if (problems.length > 0) {
      // The errors show under the fields, where they can be put right.
      if (!isEditing) startEditing();
      return;
    }
    if (changed && !(await save())) return;
    try {
      const answer = await process.mutateAsync(notice.id);
      flashTop(NOTICE_MESSAGES.processed, 'success');
      setRecorded(answer.consequences);
      setEditing(false);
      setProcessPressed(false);
    } catch (error) {
      flashFailure(error, NOTICE_MESSAGES.processFailed);
      // The refusal may come from a notice changed meanwhile (taken back, processed): read it again.
      await queryClient.invalidateQueries({ queryKey: noticeKeys.detail(notice.id) });
    }
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Notice Details
          </Title>
          <Group gap="xs">
            {isEditing ? (
              <>
                <Button size="xs" onClick={() => void save()} disabled={!changed || busy}>
                  {update.isPending ? 'Saving...' : 'Save'}
                </Button>
                <Button size="xs" variant="default" onClick={cancel} disabled={busy}>
                  Cancel
                </Button>
              </>
            ) : (
              <Button size="xs" variant="default" onClick={startEditing} disabled={!editable || busy}>
                Edit
              </Button>
            )}
            {!processed && (
              <Button
                size="xs"
                color="green"
                onClick={() => void processNow()}
                disabled={!editable || busy || (processPressed && problems.length > 0)}
              >
                {process.isPending ? 'Processing...' : 'Process Notice'}
              </Button>
            )}
          </Group>
        </Group>
        {recorded && <ProcessOutcome consequences={recorded} />}
        {isEditing ? (
          <NoticeForm
            draft={draft}
            onChange={setDraft}
            problems={problems}
            mode={processPressed ? 'error' : 'warning'}
            chooseCustomer={canChooseCustomer(notice)}
            disabled={busy}
          />
        ) : (
          <NoticeView notice={notice} />
        )}
        <Divider />
        <NoticeCustomer customer={notice.customer} processed={processed} />
      </Stack>
    </Card>
  );
}
