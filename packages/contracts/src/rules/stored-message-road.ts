import type { MessagePurpose } from './contact-gate.ts';
import { SENDING_PATHS, sendingPathInfo, type SendingPath } from './sending-paths.ts';

// How a stored message is judged (issue 37, decision 046): by the facts the code that queued it
// wrote on it (its road, its legal mark, its purpose), never by a verdict. The door asks this at
// delivery and the duty audit when it replays a delivery (issue 39), so both judge one message
// alike.

export type StoredMessageFacts = {
  sendingPath: string | null;
  customerId: number | null;
  ticketId: number | null;
  legallyRequired: boolean;
  purpose: MessagePurpose | null;
};

// The road the message came by and what it is about. A row queued before roads were recorded, with
// neither customer nor conversation, was mail to staff; a road the registry does not know is judged
// as staff's collection letter unless the message carries the legal mark (a notice is never dropped
// for want of a road); where the purpose was not recorded, it is the road's when that is servicing,
// else collection.
export function storedMessageRoad(message: StoredMessageFacts): { path: SendingPath; purpose: MessagePurpose } {
  const known =
    message.sendingPath !== null && message.sendingPath in SENDING_PATHS ? (message.sendingPath as SendingPath) : null;
  const road = known ?? (message.customerId === null && message.ticketId === null ? 'staff_mail' : null);
  const path: SendingPath = road ?? (message.legallyRequired ? 'consumer_rights_notice' : 'collection_letter');
  const purpose = message.purpose ?? (sendingPathInfo(road).purpose === 'servicing' ? 'servicing' : 'collection');
  return { path, purpose };
}
