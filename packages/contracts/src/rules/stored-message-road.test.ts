import { describe, expect, it } from 'vitest';
import { storedMessageRoad, type StoredMessageFacts } from './stored-message-road.ts';

const reply: StoredMessageFacts = {
  sendingPath: 'ticket_reply',
  customerId: 7,
  ticketId: 3,
  legallyRequired: false,
  purpose: 'servicing',
};

describe('storedMessageRoad', () => {
  it('keeps the recorded road and purpose', () => {
    expect(storedMessageRoad(reply)).toEqual({ path: 'ticket_reply', purpose: 'servicing' });
    expect(storedMessageRoad({ ...reply, sendingPath: 'payoff_balance', purpose: null })).toEqual({
      path: 'payoff_balance',
      purpose: 'servicing',
    });
  });

  it('judges mail with neither customer nor conversation as mail to staff', () => {
    expect(storedMessageRoad({ ...reply, sendingPath: null, customerId: null, ticketId: null }).path).toBe(
      'staff_mail',
    );
  });

  it("judges an unknown road as staff's collection, unless the message carries the legal mark", () => {
    expect(storedMessageRoad({ ...reply, sendingPath: 'renamed_road', purpose: null })).toEqual({
      path: 'collection_letter',
      purpose: 'collection',
    });
    expect(storedMessageRoad({ ...reply, sendingPath: null, legallyRequired: true }).path).toBe(
      'consumer_rights_notice',
    );
  });
});
