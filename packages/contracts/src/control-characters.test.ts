import { describe, expect, it } from 'vitest';
import { originateMessageRequestSchema } from './customers.ts';
import { controlCharacterMessage, hasControlCharacter } from './primitives.ts';
import { invalidEntryMessage, validateUserField } from './rules/user-fields.ts';
import { inviteEmployeeRequestSchema } from './staff.ts';

// Issue 27 section 7: control characters are refused in names and subjects, with a sentence naming
// the field; bodies keep their line breaks.
const CONTROLS = ['\t', '\n', '\r', '\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b'];

describe('control characters', () => {
  it('are every Unicode Cc character, and nothing printable', () => {
    for (const control of CONTROLS) expect(hasControlCharacter(`a${control}b`), JSON.stringify(control)).toBe(true);
    for (const text of ['Zoë O’Brien-Smith', 'José Núñez', '李小龍', 'Payment due – March', 'a\u00a0b', '😀'])
      expect(hasControlCharacter(text), text).toBe(false);
  });

  it("are refused in an employee's name, with a sentence", () => {
    for (const control of CONTROLS) {
      const parsed = inviteEmployeeRequestSchema.safeParse({
        email: 'eve@portal.example',
        name: `Eve${control}Mallory`,
        roles: ['agent'],
      });
      expect(parsed.success, JSON.stringify(control)).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([controlCharacterMessage('The name')]);
    }
    expect(inviteEmployeeRequestSchema.parse({ email: 'z@portal.example', name: ' Zoë ', roles: ['agent'] }).name).toBe(
      'Zoë',
    );
  });

  it("are refused in an email's subject, while the message body keeps its line breaks", () => {
    const message = { user_id: 1, message_type: 'email', message: 'Hello,\r\n\r\nYour payment moved.', thread: 'new' };
    const injected = originateMessageRequestSchema.safeParse({ ...message, subject: 'Hello\r\nBcc: all@example.com' });
    expect(injected.success).toBe(false);
    expect(injected.error?.issues.map((issue) => issue.message)).toEqual([controlCharacterMessage('The subject')]);
    expect(originateMessageRequestSchema.safeParse({ ...message, subject: 'Your payment' }).success).toBe(true);
  });

  it("are refused in a customer's name and the other personal fields, with the spec's sentence naming the field", () => {
    for (const field of ['first_name', 'last_name', 'street', 'city', 'email'] as const) {
      expect(validateUserField(field, 'Ann\u001b[2Jie', '2026-11-21')).toEqual({
        ok: false,
        error: invalidEntryMessage(field),
      });
    }
    expect(validateUserField('first_name', 'Ann\tMarie', '2026-11-21').ok).toBe(false);
    expect(validateUserField('first_name', 'Ann-Marie', '2026-11-21')).toEqual({ ok: true, value: 'Ann-Marie' });
  });
});
