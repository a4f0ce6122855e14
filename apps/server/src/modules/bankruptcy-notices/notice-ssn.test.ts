import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../platform/secret-box.ts';
import { ssnKeysOf } from '../../platform/ssn-sealing.ts';
import { createSsnSealer, openCustomerSsn } from '../customers/index.ts';
import { noticeSecretBox, sealNoticeSsn, ssnForViewer } from './notice-ssn.ts';

// Notices seal debtors' SSNs with the SSN keys customers use (platform/ssn-sealing.ts): one key
// cache, one derivation, and every number sealed before that still opens.

const SECRETS_KEY = Buffer.alloc(32, 0x5c);
const context = { secretsKey: SECRETS_KEY };

describe("a notice's SSNs at rest", () => {
  it('opens a number sealed before notices shared the SSN keys (a box made of SECRETS_KEY itself)', () => {
    const sealedBefore = createSecretBox(SECRETS_KEY).seal('523456789', 'bankruptcy_notice:7:debtor_ssn');
    const box = noticeSecretBox(context);
    expect(ssnForViewer(box, 7, 'debtor_ssn', sealedBefore, true)).toBe('523456789');
    expect(ssnForViewer(box, 7, 'debtor_ssn', sealedBefore, false)).toBe('***-**-6789');
    // Still bound to its notice and field.
    expect(ssnForViewer(box, 8, 'debtor_ssn', sealedBefore, true)).toBe('***-**-****');
    expect(ssnForViewer(box, 7, 'joint_debtor_ssn', sealedBefore, true)).toBe('***-**-****');
  });

  it("uses the customers' keys: the same box, so one derivation and one cache", () => {
    const keys = ssnKeysOf(context);
    expect(noticeSecretBox(context)).toBe(keys.box);
    const notice = sealNoticeSsn(keys.box, 7, 'debtor_ssn', '523456789');
    expect(keys.box.open(notice, 'bankruptcy_notice:7:debtor_ssn')).toBe('523456789');
    const customer = createSsnSealer(SECRETS_KEY)(42, '523456789');
    expect(openCustomerSsn(context, 42, customer.sealed)).toBe('523456789');
    // And what either seals opens the way it always did.
    expect(createSecretBox(SECRETS_KEY).open(notice, 'bankruptcy_notice:7:debtor_ssn')).toBe('523456789');
    expect(createSecretBox(SECRETS_KEY).open(customer.sealed, 'customer:42:ssn')).toBe('523456789');
  });

  it('shows what it can without a secrets key', () => {
    expect(noticeSecretBox({ secretsKey: null })).toBeNull();
    const sealed = createSecretBox(SECRETS_KEY).seal('523456789', 'bankruptcy_notice:7:debtor_ssn');
    expect(ssnForViewer(null, 7, 'debtor_ssn', sealed, true)).toBe('***-**-****');
    expect(ssnForViewer(null, 7, 'debtor_ssn', '6789', false)).toBe('6789');
  });
});
