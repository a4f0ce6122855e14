import { describe, expect, it } from 'vitest';
import { replyOutcome } from './reply-outcome.ts';

describe('replyOutcome', () => {
  it('flashes a sent or queued reply and alerts an undelivered one with the server error', () => {
    expect(replyOutcome({ status: 'sent', error: null })).toEqual({
      kind: 'flash',
      text: 'Reply sent',
      type: 'success',
    });
    expect(replyOutcome({ status: 'queued', error: null })).toEqual({
      kind: 'flash',
      text: 'Reply queued in the outbox',
      type: 'info',
    });
    expect(replyOutcome({ status: 'undelivered', error: 'Number is not mobile' })).toEqual({
      kind: 'alert',
      text: 'Number is not mobile',
    });
  });
});
