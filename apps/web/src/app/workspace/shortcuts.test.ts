import { describe, expect, it } from 'vitest';
import { isTypingTarget, matchShortcut, type KeyLike } from './shortcuts.ts';

const key = (overrides: Partial<KeyLike>): KeyLike => ({
  key: '',
  code: '',
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...overrides,
});

describe('matchShortcut', () => {
  it('maps Alt+C/A/E/N by physical key, whatever character the layout types', () => {
    expect(matchShortcut(key({ key: 'ç', code: 'KeyC', altKey: true }))).toBe('close');
    expect(matchShortcut(key({ key: 'a', code: 'KeyA', altKey: true }))).toBe('archive');
    expect(matchShortcut(key({ key: 'e', code: 'KeyE', altKey: true }))).toBe('escalate');
    expect(matchShortcut(key({ key: 'n', code: 'KeyN', altKey: true }))).toBe('next');
  });

  it('maps J to next and ? to help, and ignores other keys and modifiers', () => {
    expect(matchShortcut(key({ key: 'j', code: 'KeyJ' }))).toBe('next');
    expect(matchShortcut(key({ key: '?', code: 'Slash', shiftKey: true }))).toBe('help');
    expect(matchShortcut(key({ key: 'c', code: 'KeyC' }))).toBeNull();
    expect(matchShortcut(key({ key: 'c', code: 'KeyC', altKey: true, ctrlKey: true }))).toBeNull();
    expect(matchShortcut(key({ key: 'j', code: 'KeyJ', metaKey: true }))).toBeNull();
  });
});

describe('isTypingTarget', () => {
  it('is true for fields and dialogs, false for the page', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const button = document.createElement('button');
    dialog.append(button);
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(textarea)).toBe(true);
    expect(isTypingTarget(button)).toBe(true);
    expect(isTypingTarget(document.body)).toBe(false);
  });
});

describe('single-key shortcuts turned off', () => {
  it('leaves J and ? alone and keeps the Alt shortcuts', () => {
    const off = { singleKey: false };
    expect(matchShortcut(key({ key: 'j', code: 'KeyJ' }), off)).toBeNull();
    expect(matchShortcut(key({ key: '?', code: 'Slash', shiftKey: true }), off)).toBeNull();
    expect(matchShortcut(key({ key: 'n', code: 'KeyN', altKey: true }), off)).toBe('next');
    expect(matchShortcut(key({ key: 'ç', code: 'KeyC', altKey: true }), off)).toBe('close');
  });
});
