import { useMutation } from '@tanstack/react-query';
import { messageCalls, type UndoSendResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { saveDraft } from '../draft-cookie.ts';

// POST undo_send {message_id}: the reply back from the outbox before it left (decision 065). Its
// text becomes the ticket's draft again, so the reply box opens with it.
export function undoSend(messageId: number): Promise<UndoSendResponse> {
  return callApi(messageCalls.undoSend, { body: { message_id: messageId } });
}

export function useUndoSend() {
  return useMutation({
    mutationFn: undoSend,
    onSuccess: (answer) => {
      saveDraft(answer.ticket_id, { text: answer.reply, macroId: null, filterId: null });
    },
  });
}
