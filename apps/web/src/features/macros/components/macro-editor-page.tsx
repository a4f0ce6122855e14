import { useMemo, useState } from 'react';
import { Alert, Grid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { MACRO_MESSAGES, type Macro, type MacroVersion } from '@portal/contracts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { errorMessages } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { macrosQueryOptions, useMacros } from '../api/fetch-macros.ts';
import { useUpdateMacro } from '../api/update-macro.ts';
import {
  EMPTY_DRAFT,
  checkDraft,
  draftOf,
  macroRequest,
  sameDraft,
  type DraftErrors,
  type DraftField,
  type MacroDraft,
} from '../macro-draft.ts';
import { DiscardChangesModal } from '../../../components/discard-changes-modal.tsx';
import { MacroForm } from './macro-form.tsx';
import { MacroHistory } from './macro-history.tsx';
import { MacroLoadBar } from './macro-load-bar.tsx';
import { MacroPreview } from './macro-preview.tsx';
import { MacroReadFailure } from './macro-read-failure.tsx';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.tsx';

// What the form was loaded from: the saved macro's title (null for a new one) and its text as saved.
type Editing = { originalTitle: string | null; baseline: MacroDraft };
type Notice = { kind: 'success' | 'info' | 'warning'; title: string; text: string };
// An action that would throw away unsaved edits, waiting for the employee's word.
type Pending = { action: string; run: () => void };

const NEW_MACRO: Editing = { originalTitle: null, baseline: EMPTY_DRAFT };

// The macro editor (/macros; spec 001 sections 2, 3, 5): load a macro by title, edit its title,
// text and comma-separated tags, save; a preview as the customer would receive it, and its history.
export function MacroEditorPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const macros = useMacros();
  const update = useUpdateMacro();
  const [editing, setEditing] = useState<Editing>(NEW_MACRO);
  const [draft, setDraft] = useState<MacroDraft>(EMPTY_DRAFT);
  const [fieldErrors, setFieldErrors] = useState<DraftErrors>({});
  const [serverErrors, setServerErrors] = useState<readonly string[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [loading, setLoading] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);

  const titles = useMemo(() => macros.data?.macros.map((macro) => macro.title) ?? null, [macros.data]);
  const dirty = !sameDraft(draft, editing.baseline);

  function start(next: Editing, nextDraft: MacroDraft, nextNotice: Notice | null) {
    setEditing(next);
    setDraft(nextDraft);
    setFieldErrors({});
    setServerErrors([]);
    setNotice(nextNotice);
  }

  // Unsaved edits are thrown away only when the employee says so.
  function unlessDirty(action: string, run: () => void) {
    if (dirty) setPending({ action, run });
    else run();
  }

  async function load(typed: string) {
    const title = typed.trim();
    if (title === '') {
      setNotice({ kind: 'warning', title: 'Nothing to load', text: 'Type the title of a macro to load it.' });
      return;
    }
    setLoading(true);
    let list: readonly Macro[];
    try {
      // Always the macros as they are now: another editor may have saved since the list came.
      list = (await queryClient.fetchQuery({ ...macrosQueryOptions, staleTime: 0 })).macros;
    } catch (error) {
      setNotice({ kind: 'warning', title: 'The macro could not be loaded', text: errorMessages(error).join(' ') });
      return;
    } finally {
      setLoading(false);
    }
    const macro = list.find((candidate) => candidate.title.toLowerCase() === title.toLowerCase());
    if (macro) {
      const loaded = draftOf(macro);
      start({ originalTitle: macro.title, baseline: loaded }, loaded, null);
      return;
    }
    // Spec 001 section 5; the title stays so the macro can be created.
    const fresh = { ...EMPTY_DRAFT, title };
    start({ originalTitle: null, baseline: fresh }, fresh, {
      kind: 'info',
      title: MACRO_MESSAGES.unknownTitle,
      text: `Write its text and save to create #${title}.`,
    });
  }

  function change(field: DraftField, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function pickVersion(version: MacroVersion) {
    setDraft((current) => ({ ...current, body: version.body, tags: version.tags.join(', ') }));
    setFieldErrors({});
    setNotice({
      kind: 'info',
      title: 'An earlier text is in the form',
      text: `The text saved ${formatDateTime(version.saved_at)} by ${version.saved_by ?? 'an unknown employee'} is in the form. Save to make it the macro's text again.`,
    });
  }

  function save() {
    setServerErrors([]);
    const errors = checkDraft(draft, editing.originalTitle, new Set(titles ?? []));
    setFieldErrors(errors ?? {});
    // A refused form keeps the notice above it ("That macro doesn't exist yet!" says why it is new).
    if (errors) return;
    setNotice(null);
    const { originalTitle } = editing;
    update.mutate(macroRequest(draft, originalTitle), {
      onSuccess: ({ macro }) => {
        const saved = draftOf(macro);
        const text =
          originalTitle === null
            ? `Macro #${macro.title} is created. Agents can insert it in their replies now.`
            : originalTitle !== macro.title
              ? `Macro #${originalTitle} is now #${macro.title}, with its new text saved.`
              : `Macro #${macro.title} is saved. Agents get the new text from now on.`;
        start({ originalTitle: macro.title, baseline: saved }, saved, { kind: 'success', title: 'Saved', text });
      },
      onError: (error) => setServerErrors(errorMessages(error)),
    });
  }

  return (
    <Stack gap="md" maw={1280}>
      <div>
        <Title order={1} fz={24}>
          Macro editor
        </Title>
        <Text c="dimmed" fz="sm">
          Load a macro by title, change its title, text and tags, and save. Agents insert macros in their replies with
          #title or from the macro dropdown.
        </Text>
      </div>
      <MacroLoadBar
        titles={titles}
        loading={loading}
        onLoad={(title) => unlessDirty('load another macro', () => void load(title))}
        onNew={() => unlessDirty('start a new macro', () => start(NEW_MACRO, EMPTY_DRAFT, null))}
      />
      {macros.isError && (
        <MacroReadFailure
          title="The macro titles could not be loaded"
          error={macros.error}
          onRetry={() => void macros.refetch()}
        />
      )}
      {macros.isSuccess && macros.data.macros.length === 0 && (
        <Text fz="sm" c="dimmed">
          There are no macros yet. Write the first one below.
        </Text>
      )}
      {notice && (
        <Alert
          color={notice.kind === 'success' ? 'green' : notice.kind === 'info' ? 'blue' : 'yellow'}
          variant="light"
          title={notice.title}
          role={notice.kind === 'success' ? 'status' : 'alert'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
      {serverErrors.length > 0 && (
        <ErrorAlert title="The macro was not saved" errors={serverErrors} onClose={() => setServerErrors([])} />
      )}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <MacroForm
            draft={draft}
            originalTitle={editing.originalTitle}
            errors={fieldErrors}
            dirty={dirty}
            saving={update.isPending}
            onChange={change}
            onSave={save}
            onRevert={() => start(editing, editing.baseline, null)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <MacroPreview body={draft.body} agentName={session?.name ?? null} />
            <MacroHistory title={editing.originalTitle} onPick={pickVersion} />
          </Stack>
        </Grid.Col>
      </Grid>
      <DiscardChangesModal
        opened={pending !== null}
        subject="This macro"
        action={pending?.action ?? ''}
        onStay={() => setPending(null)}
        onDiscard={() => {
          pending?.run();
          setPending(null);
        }}
      />
      <UnsavedChangesGuard when={dirty} subject="This macro" />
    </Stack>
  );
}
