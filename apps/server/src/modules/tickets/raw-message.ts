import type { TicketsDeps } from './deps.ts';
import { notFound } from '../../platform/http-error.ts';
import { findRawMessage } from '../../platform/message-store.ts';

// GET users/get_raw_message: the raw MIME of an email, or for a text the provider's parameters one
// per line ("Name: value"), as the provider sent them.
export async function getRawMessage(context: TicketsDeps, messageId: number) {
  const message = await findRawMessage(context.db, messageId);
  if (!message) throw notFound(`Message ${messageId} was not found.`);
  if (message.raw === null) throw notFound(`Message ${messageId} has no raw source.`);
  return { message_id: messageId, raw: message.type === 'email' ? message.raw : readablePayload(message.raw) };
}

function readablePayload(raw: string): string {
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return raw;
  return Object.entries(payload)
    .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('\n');
}
