import { describe, expect, it } from 'vitest';
import { apiDocumentFixture } from './api-docs-fixture.ts';
import { groupOperations } from './api-operations.ts';

const summary = (filter?: string) =>
  groupOperations(apiDocumentFixture, filter).map(({ tag, operations }) => [
    tag,
    operations.map(({ method, path, access }) => `${method} ${path} (${access})`),
  ]);

describe('groupOperations', () => {
  it('groups every operation by its tag, sorted, with who may call it', () => {
    expect(summary()).toEqual([
      ['inbound', ['post /internal/api/webhooks/twilio/sms (Twilio signature)']],
      ['loans', ['get /internal/api/loan_info (Staff session)', 'patch /internal/api/toggle_ach (Staff session)']],
      ['session', ['post /internal/api/employees/sign_in (Public)']],
    ]);
  });

  it('keeps the operations whose method, path, id, summary or tag hold every word of the filter', () => {
    expect(summary('PATCH loans')).toEqual([['loans', ['patch /internal/api/toggle_ach (Staff session)']]]);
    expect(summary('incoming')).toEqual([['inbound', ['post /internal/api/webhooks/twilio/sms (Twilio signature)']]]);
    expect(summary('signIn')).toEqual([['session', ['post /internal/api/employees/sign_in (Public)']]]);
    expect(summary('nothing like this')).toEqual([]);
  });
});
