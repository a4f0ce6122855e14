import { describe, expect, it } from 'vitest';
import { DEFAULT_TEST_PASSWORD } from '@portal/db/testing';
import { newPasswordProblem, PASSWORD_MESSAGES } from './password-rules.ts';

const email = 'maria.delgado@portal.example';

describe('a new password', () => {
  it('is refused when it is on the common-password list, in any case, or such a word with digits or symbols', () => {
    for (const password of [
      'qwerty123456',
      '1qaz2wsx3edc',
      'LeaveMeAlone',
      'password1234',
      'Sunshine2024!',
      '!!iloveyou!!',
    ]) {
      expect(newPasswordProblem(password, email), password).toBe(PASSWORD_MESSAGES.common);
    }
  });

  it('is refused when it is a run of keys or digits, or a short piece repeated', () => {
    for (const password of [
      '345678901234',
      'abcdefghijklm',
      'zyxwvutsrqpo',
      'asdfghjklzxc',
      'abcabcabcabc',
      '9898989898989',
      'portalportal',
    ]) {
      expect(newPasswordProblem(password, email), password).toBe(PASSWORD_MESSAGES.pattern);
    }
  });

  it("is refused when it is, or holds, the employee's email", () => {
    expect(newPasswordProblem('maria.delgado', email)).toBe(PASSWORD_MESSAGES.email);
    expect(newPasswordProblem('Maria.Delgado@portal.example', email)).toBe(PASSWORD_MESSAGES.email);
    expect(newPasswordProblem('maria.delgado@portal.example!1', email)).toBe(PASSWORD_MESSAGES.email);
  });

  it('is accepted when it is a few unrelated words or a long random string', () => {
    for (const password of [
      DEFAULT_TEST_PASSWORD,
      'a long enough new password',
      'purple tractor quietly sings',
      'k8#Qz!w2Lr9$vT',
    ]) {
      expect(newPasswordProblem(password, email), password).toBeNull();
    }
  });
});
