import { createRequire } from 'node:module';

// What a new password must not be, beyond the contract's length and single-character rules (issue
// 27): on a list of common passwords, such a word with digits or symbols around it, a run along
// the keyboard or the digits, a short piece repeated, or the employee's email. Checked before
// scrypt, so a refused password costs no hashing. Existing passwords are not checked again: the
// rules apply when one is chosen (set_password).

export const PASSWORD_MESSAGES = {
  common:
    'This password is one that many people use, so it is among the first an attacker tries. Choose another: a few unrelated words in a row are easy to remember and hard to guess.',
  pattern:
    'This password is a run of neighbouring keys or digits, or a short piece repeated, which an attacker tries early. Choose another: a few unrelated words in a row are easy to remember and hard to guess.',
  email: 'Choose a password that is not your email address.',
} as const;

// The common-password list of @zxcvbn-ts/language-common (MIT; 49,233 passwords from leaked
// password sets, most used first), read once on first use. Compared in lower case.
let commonPasswords: Set<string> | null = null;
function isCommonPassword(lowerCase: string): boolean {
  if (!commonPasswords) {
    const list: unknown = createRequire(import.meta.url)('@zxcvbn-ts/language-common/src/passwords.json');
    if (!Array.isArray(list) || !list.every((entry) => typeof entry === 'string'))
      throw new Error('@zxcvbn-ts/language-common/src/passwords.json is not a list of passwords.');
    commonPasswords = new Set(list.map((entry) => entry.toLowerCase()));
  }
  return commonPasswords.has(lowerCase);
}

// Runs people type instead of choosing: along a keyboard row or the digits, forwards or backwards.
const RUNS = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm', '1qaz2wsx3edc4rfv5tgb6yhn7ujm'];
function isRun(lowerCase: string): boolean {
  return RUNS.some((run) => {
    const long = run.repeat(Math.ceil(lowerCase.length / run.length) + 1);
    const backwards = [...long].reverse().join('');
    return long.includes(lowerCase) || backwards.includes(lowerCase);
  });
}

// "abcabcabcabc", "1212121212121", "passwordpassword": a piece of at most half the length, repeated
// (the last time perhaps only in part).
function isRepeatedPiece(text: string): boolean {
  const characters = [...text];
  for (let piece = 1; piece <= characters.length / 2; piece += 1) {
    if (characters.every((character, index) => character === characters[index % piece])) return true;
  }
  return false;
}

export function newPasswordProblem(password: string, email: string): string | null {
  const lowerCase = password.toLowerCase();
  const trimmedEmail = email.trim().toLowerCase();
  const localPart = trimmedEmail.split('@')[0] ?? trimmedEmail;
  if (lowerCase.includes(trimmedEmail) || lowerCase.trim() === localPart) return PASSWORD_MESSAGES.email;
  // The word itself, or the word with digits and symbols before or after it ("Password2024!").
  const core = lowerCase.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (isCommonPassword(lowerCase) || (core.length >= 4 && isCommonPassword(core))) return PASSWORD_MESSAGES.common;
  if (isRun(lowerCase) || isRepeatedPiece(lowerCase)) return PASSWORD_MESSAGES.pattern;
  return null;
}
