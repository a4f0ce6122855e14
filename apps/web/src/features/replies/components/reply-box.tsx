import {
  lazy,
  Suspense,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Alert, Button, Card, Group, Kbd, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  MACRO_PREFILL_MISSING,
  SEND_GUARD_MS,
  debitWarning,
  expandMacroShortcut,
  unfilledVariables,
  type Macro,
  type MacroValuesResponse,
  type MessagePurpose,
  type SendReplyResponse,
  type SuggestedAction,
  type SuggestedResponse,
} from '@portal/contracts';
import { ContactVerdictLine, PurposePicker } from '../../../components/contact-verdict.tsx';
import { newComposeKey } from '../../../lib/compose-key.ts';
import { flash } from '../../../lib/flash.ts';
import type { MutationEvents } from '../../../lib/react-query.ts';
import { useSendReply } from '../api/send-reply.ts';
import { clearDraft, readDraft, saveDraft, type ReplyDraft } from '../draft-cookie.ts';
import { useVariableFilling } from '../hooks/use-variable-filling.ts';
import { replyOutcome } from '../reply-outcome.ts';
import { spliceReply, type TextRange } from '../text-insertion.ts';
import { AgentVariablesForm } from './agent-variables-form.tsx';
import { SuggestedActions } from './suggested-actions.tsx';
import { SuggestedResponses } from './suggested-responses.tsx';

const MAX_REPLY = 5000;

// The preview (with the count of texts) loads with the first word of a reply, not with the workspace.
const ReplyPreview = lazy(async () => ({ default: (await import('./reply-preview.tsx')).ReplyPreview }));

export type ReplyBoxProps = {
  ticketId: number;
  // Where the reply goes, e.g. "Text to 5551234567".
  channelLabel?: string;
  // Whom the contact gate asks about (decision 046): the ticket's channel and customer, if known.
  contact?: { channel: 'text' | 'email'; userId: number | null };
  macros: readonly Macro[];
  // The values of the account's and the employee's macro variables, read as each macro is inserted
  // (GET macro_values for the ticket, composed in app/). Without it they stay for the agent to fill.
  loadVariableValues?: () => Promise<MacroValuesResponse>;
  activeLoans: ReadonlyArray<{ eligible_payment_methods: readonly string[] }>;
  suggestions?: readonly SuggestedResponse[];
  suggestedActions?: readonly SuggestedAction[];
  // The macros feature's dropdown, composed in app/.
  renderMacroPicker?: (insert: (macro: Macro) => void) => ReactNode;
  onSent: (result: SendReplyResponse) => void;
  // The screen's handling of the box's calls: errors of a send or a suggested action (the ticket's
  // error strip), and the refresh after a suggested action.
  mutationConfig?: MutationEvents;
};

type Meta = Partial<Pick<ReplyDraft, 'macroId' | 'filterId'>>;
// Where an inserted text goes and what comes with it.
type Insertion = { range: TextRange; meta: Meta; expected?: string; purpose?: MessagePurpose };

function insideDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"]') !== null;
}

// The reply box (spec 000 sections 2 and 5). Mount it with key={ticketId}: the draft is per ticket.
export function ReplyBox(props: ReplyBoxProps) {
  const {
    ticketId,
    channelLabel,
    contact,
    macros,
    loadVariableValues,
    activeLoans,
    suggestions = [],
    suggestedActions = [],
    renderMacroPicker,
    onSent,
    mutationConfig,
  } = props;
  const [draft, setDraft] = useState<ReplyDraft>(() => readDraft(ticketId));
  const [draftKept, setDraftKept] = useState(true);
  // The element in state, not a ref: the macro picker's insert (handed out during render) reads the caret.
  const [textarea, setTextarea] = useState<HTMLTextAreaElement | null>(null);
  // Where the caret goes after an insertion; a new object per request so each one is applied.
  const [caretRequest, setCaretRequest] = useState<{ position: number } | null>(null);
  const lastSendAt = useRef<number>(Number.NEGATIVE_INFINITY);
  // Collection or servicing: the agent's choice, set to the macro's when one is inserted.
  const [purpose, setPurpose] = useState<MessagePurpose>('servicing');
  // The Idempotency-Key of the reply being written: kept through retries, renewed once it is sent.
  const composeKey = useRef<string>(newComposeKey());

  const filling = useVariableFilling<Insertion>(loadVariableValues);

  const send = useSendReply({
    mutationConfig: {
      onSuccess: (result) => {
        composeKey.current = newComposeKey();
        clearDraft(ticketId);
        setDraft({ text: '', macroId: null, filterId: null });
        setDraftKept(true);
        const outcome = replyOutcome(result.message);
        if (outcome.kind === 'alert') window.alert(outcome.text);
        else flash(outcome.text, { type: outcome.type });
        onSent(result);
      },
      onError: mutationConfig?.onError,
    },
  });

  function update(next: ReplyDraft, caret?: number) {
    setDraft(next);
    setDraftKept(saveDraft(ticketId, next));
    if (caret !== undefined) setCaretRequest({ position: caret });
  }

  // Puts the caret after inserted text once React has written the new value.
  useLayoutEffect(() => {
    if (!textarea || !caretRequest) return;
    textarea.focus();
    textarea.setSelectionRange(caretRequest.position, caretRequest.position);
  }, [textarea, caretRequest]);

  // Puts the text where the insertion began. The reply cannot change meanwhile: it is read-only
  // while the account is read, and the form holds the focus.
  function place(text: string, { range, meta, expected, purpose }: Insertion) {
    const next = spliceReply(draft.text, range, text, expected);
    update(
      { text: next.text, macroId: meta.macroId ?? draft.macroId, filterId: meta.filterId ?? draft.filterId },
      next.caret,
    );
    if (purpose) setPurpose(purpose);
  }

  // A macro's (or a suggestion's) text: its variables filled from the account, the agent asked for
  // theirs, then put in place (decision 061). An empty macro has its prefill missing: the spec's
  // alert, nothing inserted (spec 000 section 5). One insertion at a time.
  function insertText(text: string, title: string | null, insertion: Omit<Insertion, 'range'> & { range?: TextRange }) {
    if (filling.reading || filling.pending) return;
    if (text.trim() === '') {
      window.alert(MACRO_PREFILL_MISSING);
      return;
    }
    const at: Insertion = {
      ...insertion,
      range: insertion.range ?? {
        start: textarea?.selectionStart ?? draft.text.length,
        end: textarea?.selectionEnd ?? draft.text.length,
      },
    };
    void filling.fill(text, title, at).then((ready) => {
      if (ready !== null) place(ready, at);
    });
  }

  function fillForm(values: Readonly<Record<string, string>>) {
    const done = filling.finish(values);
    if (done) place(done.text, done.request);
  }

  function insertMacro(macro: Macro) {
    insertText(macro.body, macro.title, { meta: { macroId: macro.id }, purpose: macro.purpose });
  }

  // A second click within SEND_GUARD_MS does nothing (spec 000 section 5), whatever the first one did.
  // A reply that cannot go (a {placeholder} left: Send is disabled) is no click at all.
  function submit() {
    if (unfilledVariables(draft.text).length > 0) return;
    const now = Date.now();
    if (now - lastSendAt.current < SEND_GUARD_MS) return;
    lastSendAt.current = now;
    if (send.isPending || draft.text.trim() === '') return;
    send.mutate({
      id: ticketId,
      reply: draft.text,
      macro_id: draft.macroId,
      filter_id: draft.filterId,
      purpose,
      idempotencyKey: composeKey.current,
    });
  }

  // Ctrl/Cmd+Enter sends from anywhere on the page, the reply box included, but not from a dialog.
  const onWindowKeyDown = useEffectEvent((event: globalThis.KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || insideDialog(event.target)) return;
    event.preventDefault();
    submit();
  });
  useEffect(() => {
    window.addEventListener('keydown', onWindowKeyDown);
    return () => window.removeEventListener('keydown', onWindowKeyDown);
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (
      event.key !== 'Enter' ||
      event.shiftKey ||
      event.altKey ||
      event.ctrlKey ||
      event.metaKey ||
      event.nativeEvent.isComposing
    )
      return;
    const element = event.currentTarget;
    if (element.selectionStart !== element.selectionEnd) return;
    const caret = element.selectionStart;
    const result = expandMacroShortcut(element.value, caret, macros);
    // No #name before the caret: Enter is a newline as usual.
    if (result.kind === 'none') return;
    event.preventDefault();
    if (result.kind === 'prefill-missing') {
      window.alert(MACRO_PREFILL_MISSING);
      return;
    }
    const macro = macros.find((candidate) => candidate.id === result.macroId);
    if (!macro) return;
    // #title is replaced by the macro's text once its variables are filled.
    const start = result.caret - macro.body.length;
    insertText(macro.body, macro.title, {
      meta: { macroId: macro.id },
      range: { start, end: caret },
      expected: element.value.slice(start, caret),
      purpose: macro.purpose,
    });
  }

  const warning = debitWarning(draft.text, activeLoans);
  const leftToFill = unfilledVariables(draft.text);
  const empty = draft.text.trim() === '';

  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} fz="md">
              Reply
            </Title>
            {channelLabel && (
              <Text fz="xs" c="dimmed">
                {channelLabel}
              </Text>
            )}
          </Group>
          {renderMacroPicker?.(insertMacro)}
        </Group>
        <SuggestedResponses
          suggestions={suggestions}
          onPick={(suggestion) =>
            insertText(suggestion.text, suggestion.title, {
              meta: { macroId: suggestion.macro_id, filterId: suggestion.title },
            })
          }
        />
        <Textarea
          ref={setTextarea}
          aria-label="Reply"
          placeholder="Write a reply… Type #macro_name and press Enter to insert a macro."
          autosize
          minRows={5}
          maxRows={16}
          maxLength={MAX_REPLY}
          value={draft.text}
          onChange={(event) => update({ ...draft, text: event.currentTarget.value })}
          // While the account is read for a macro, so the macro goes where it was asked for.
          readOnly={filling.reading}
          onKeyDown={onKeyDown}
        />
        {!draftKept && (
          <Text fz="xs" c="dimmed">
            This reply is too long to be kept as a draft if you leave the ticket.
          </Text>
        )}
        {filling.reading && (
          <Text fz="xs" c="dimmed" role="status">
            Reading the customer&apos;s account for the macro…
          </Text>
        )}
        {!empty && (
          <Suspense fallback={null}>
            <ReplyPreview
              text={draft.text}
              channel={contact?.channel ?? null}
              reasons={filling.reasons}
              unfilledId={`reply-unfilled-${ticketId}`}
            />
          </Suspense>
        )}
        {contact && (
          <Group justify="space-between" gap="xs" align="flex-start" wrap="nowrap">
            <ContactVerdictLine
              id={`reply-verdict-${ticketId}`}
              query={{
                ticket_id: ticketId,
                ...(contact.userId === null ? {} : { user_id: contact.userId }),
                channel: contact.channel,
                purpose,
                // The macro's purpose is a fact the server reads; the agent's pick can only add collection.
                ...(draft.macroId === null ? {} : { macro_id: draft.macroId }),
              }}
            />
            <PurposePicker value={purpose} onChange={setPurpose} />
          </Group>
        )}
        {warning && (
          <Alert color="yellow" variant="light" p="xs" role="alert">
            <Text fz="sm">{warning}</Text>
          </Alert>
        )}
        <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
          <SuggestedActions actions={suggestedActions} mutationConfig={mutationConfig} />
          <Group gap="sm" wrap="nowrap" ml="auto">
            <Text fz="xs" c="dimmed" visibleFrom="sm">
              {draft.text.length} / {MAX_REPLY}
            </Text>
            <Text fz="xs" c="dimmed" visibleFrom="md">
              <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd>
            </Text>
            <Button
              onClick={submit}
              loading={send.isPending}
              disabled={empty || leftToFill.length > 0 || filling.reading}
              aria-describedby={
                leftToFill.length > 0 ? `reply-unfilled-${ticketId}` : contact ? `reply-verdict-${ticketId}` : undefined
              }
              px="lg"
            >
              Send
            </Button>
          </Group>
        </Group>
      </Stack>
      <AgentVariablesForm
        asked={filling.pending?.asked ?? []}
        macroTitle={filling.pending?.title ?? null}
        onFill={fillForm}
        onCancel={() => {
          filling.cancel();
          // Back in the reply, where the agent was.
          setCaretRequest({ position: textarea?.selectionStart ?? draft.text.length });
        }}
      />
    </Card>
  );
}
