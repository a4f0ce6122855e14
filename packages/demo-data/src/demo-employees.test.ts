import { describe, expect, it } from 'vitest';
import { demoAccountEmails, isDemoAccountEmail } from '@portal/db/seed';
import { demoEmployees } from './demo-employees.ts';

describe('the demo employees', () => {
  it('are exactly the accounts the product locks out outside dev', () => {
    expect(demoEmployees.map((employee) => employee.email)).toEqual(demoAccountEmails);
    for (const employee of demoEmployees) expect(isDemoAccountEmail(employee.email.toUpperCase())).toBe(true);
    expect(isDemoAccountEmail('someone@portal.example')).toBe(false);
  });
});
