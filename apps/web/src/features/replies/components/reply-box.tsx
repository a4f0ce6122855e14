import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Alert, Button, Card, Group, Kbd, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  MACRO_PLACEHOLDERS,
  MACRO_PREFILL_MISSING,
  SEND_GUARD_MS,
  debitWarning,
  expandMacroShortcut,
  fillMacroPlaceholders,
  findUnfilledPlaceholders,
  macroPrefillMissingAlert,
  missingPrefills,
  type Macro,
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
import { replyOutcome } from '../reply-outcome.ts';
import { SuggestedActions } from './suggested-actions.tsx';
import { SuggestedResponses } from './suggested-responses.tsx';

const MAX_REPLY = 5000;

export type ReplyBoxProps = {
  ticketId: number;
  // Where the reply goes, e.g. "Text to 5551234567".
  channelLabel?: string;
  // Whom the contact gate asks about (decision 046): the ticket's channel and customer, if known.
  contact?: { channel: 'text' | 'email'; userId: number | null };
  macros: readonly Macro[];
  placeholderValues: Readonly<Record<string, string | null | undefined>>;
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
    placeholderValues,
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

  const filledMacros = useMemo(
    () => macros.map((macro) => ({ ...macro, body: fillMacroPlaceholders(macro.body, placeholderValues) })),
    [macros, placeholderValues],
  );

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

  function insert(text: string, meta: Partial<Pick<ReplyDraft, 'macroId' | 'filterId'>>) {
    const start = textarea?.selectionStart ?? draft.text.length;
    const end = textarea?.selectionEnd ?? draft.text.length;
    const before = draft.text.slice(0, start);
    const spacer = before !== '' && !/\s$/.test(before) ? ' ' : '';
    const nextText = `${before}${spacer}${text}${draft.text.slice(end)}`;
    update(
      { text: nextText, macroId: meta.macroId ?? draft.macroId, filterId: meta.filterId ?? draft.filterId },
      before.length + spacer.length + text.length,
    );
  }

  // A macro whose text is empty, or whose {placeholders} the Portal should fill from the ticket but
  // has no value for (no customer linked, say), has its prefill missing: the spec's alert, nothing
  // inserted (spec 000 section 5). Placeholders only the agent can fill ({new_phone}) are inserted
  // and listed under the box until they are replaced.
  function prefillProblem(body: string): string | null {
    if (body.trim() === '') return MACRO_PREFILL_MISSING;
    const missing = missingPrefills(body, MACRO_PLACEHOLDERS, placeholderValues);
    return missing.length > 0 ? macroPrefillMissingAlert(missing) : null;
  }

  function insertMacro(macro: Macro) {
    const problem = prefillProblem(macro.body);
    if (problem) {
      window.alert(problem);
      return;
    }
    insert(fillMacroPlaceholders(macro.body, placeholderValues), { macroId: macro.id });
    setPurpose(macro.purpose);
  }

  // A second click within SEND_GUARD_MS does nothing (spec 000 section 5), whatever the first one did.
  // A reply that cannot go (a {placeholder} left: Send is disabled) is no click at all.
  function submit() {
    if (findUnfilledPlaceholders(draft.text).length > 0) return;
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
    const result = expandMacroShortcut(element.value, element.selectionStart, filledMacros);
    // No #name before the caret: Enter is a newline as usual.
    if (result.kind === 'none') return;
    event.preventDefault();
    if (result.kind === 'prefill-missing') {
      window.alert(MACRO_PREFILL_MISSING);
      return;
    }
    const original = macros.find((macro) => macro.id === result.macroId);
    const problem = original ? prefillProblem(original.body) : null;
    if (problem) {
      window.alert(problem);
      return;
    }
    update({ text: result.text, macroId: result.macroId, filterId: draft.filterId }, result.caret);
    if (original) setPurpose(original.purpose);
  }

  const warning = debitWarning(draft.text, activeLoans);
  const leftToFill = findUnfilledPlaceholders(draft.text);
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
            insert(fillMacroPlaceholders(suggestion.text, placeholderValues), {
              macroId: suggestion.macro_id,
              filterId: suggestion.title,
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
          onKeyDown={onKeyDown}
        />
        {!draftKept && (
          <Text fz="xs" c="dimmed">
            This reply is too long to be kept as a draft if you leave the ticket.
          </Text>
        )}
        {leftToFill.length > 0 && (
          <Text fz="xs" c="red.9" id={`reply-unfilled-${ticketId}`}>
            Still to fill in: {leftToFill.join(', ')}
          </Text>
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
              disabled={empty || leftToFill.length > 0}
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
    </Card>
  );
}
