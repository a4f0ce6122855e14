import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { TEST_PASSWORD_COST } from './testing/test-password.ts';

describe('password hashes', () => {
  it('are made at the product cost unless a cost is given, with the cost in the stored text', async () => {
    const stored = await hashPassword('a long enough passphrase');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    expect(await verifyPassword('a long enough passphrase', stored)).toBe(true);
    expect(await verifyPassword('another passphrase', stored)).toBe(false);
  });

  // The tests' employees are stored at TEST_PASSWORD_COST; sign-in reads the cost from the hash.
  it('are checked at the cost they were stored with', async () => {
    const stored = await hashPassword('a long enough passphrase', TEST_PASSWORD_COST);
    expect(stored.startsWith(`scrypt$${TEST_PASSWORD_COST.N}$8$1$`)).toBe(true);
    expect(await verifyPassword('a long enough passphrase', stored)).toBe(true);
    expect(await verifyPassword('another passphrase', stored)).toBe(false);
  });
});
