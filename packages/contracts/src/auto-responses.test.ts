import { describe, expect, it } from 'vitest';
import { fillAutoResponse } from './auto-responses.ts';

const ana = { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com' };

describe('fillAutoResponse', () => {
  it("fills the placeholders the customer's account knows", () => {
    expect(fillAutoResponse('Hi {first_name} ({full_name}, {email}), we are closed.', ana)).toBe(
      'Hi Ana (Ana Ruiz, ana@example.com), we are closed.',
    );
  });

  it('leaves out what nobody can fill: no customer matched, the agent, the loan', () => {
    expect(fillAutoResponse('Hi {first_name}, thanks for texting.', undefined)).toBe('Hi, thanks for texting.');
    expect(fillAutoResponse('Hi {first_name}, loan {loan_id} noted. {agent_name}', ana)).toBe('Hi Ana, loan noted.');
    expect(fillAutoResponse('{greeting}\n\nWe are away.', { firstName: null, lastName: null, email: null })).toBe(
      'We are away.',
    );
  });

  it('uses the first name alone as the full name when there is no last name', () => {
    expect(fillAutoResponse('Dear {full_name},', { firstName: 'Ana', lastName: null, email: null })).toBe('Dear Ana,');
  });
});
