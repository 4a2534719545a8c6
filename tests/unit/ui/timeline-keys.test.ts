import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYMAP, type KeyMap } from '@/lib/storage/keymap';
import { keymapSchema } from '@/lib/storage/settings';
import { isTextEntry, shortcutLines, timelineKeyAction } from '@/lib/ui/timeline-keys';

const press = (key: string, target: EventTarget | null = document.body, change: object = {}) =>
  timelineKeyAction({ key, altKey: false, ctrlKey: false, metaKey: false, target, ...change });

describe('timeline keys', () => {
  it('maps j, k, r, 1–9, / and ? to their actions', () => {
    expect(press('j')).toEqual({ type: 'next' });
    expect(press('K')).toEqual({ type: 'previous' });
    expect(press('r')).toEqual({ type: 'reply' });
    expect(press('s')).toEqual({ type: 'save' });
    expect(press('1')).toEqual({ type: 'react', index: 0 });
    expect(press('9')).toEqual({ type: 'react', index: 8 });
    expect(press('0')).toBeUndefined();
    expect(press('/')).toEqual({ type: 'search' });
    expect(press('?')).toEqual({ type: 'help' });
    expect(press('x')).toBeUndefined();
    expect(press('Enter')).toBeUndefined();
  });

  it('leaves keys typed into a text field, with a modifier, or while composing', () => {
    const textarea = document.createElement('textarea');
    const input = document.createElement('input');
    const search = Object.assign(document.createElement('input'), { type: 'search' });
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    // happy-dom does not compute isContentEditable: set as a browser would for contenteditable="true".
    const editable = Object.defineProperty(document.createElement('div'), 'isContentEditable', { value: true });
    for (const target of [textarea, input, search, document.createElement('select'), editable]) {
      expect(press('j', target)).toBeUndefined();
    }
    expect(isTextEntry(checkbox)).toBe(false);
    expect(press('j', checkbox)).toEqual({ type: 'next' });
    expect(press('j', document.createElement('button'))).toEqual({ type: 'next' });
    expect(press('r', document.body, { ctrlKey: true })).toBeUndefined();
    expect(press('r', document.body, { metaKey: true })).toBeUndefined();
    expect(press('1', document.body, { altKey: true })).toBeUndefined();
    expect(press('j', document.body, { isComposing: true })).toBeUndefined();
    expect(press('j', document.body, { defaultPrevented: true })).toBeUndefined();
  });

  it('lists every shortcut it knows', () => {
    const listed = shortcutLines().flatMap((line) => line.keys);
    for (const key of ['j', 'k', 'r', 's', '1', '9', '/', '?']) expect(listed).toContain(key);
  });

  it('follows the user’s map: a moved key works and its old one does nothing; off is off', () => {
    const keys: KeyMap = { ...DEFAULT_KEYMAP, next: 'n', reply: null, react: false };
    const on = (key: string) =>
      timelineKeyAction({ key, altKey: false, ctrlKey: false, metaKey: false, target: null }, keys);
    expect(on('n')).toEqual({ type: 'next' });
    expect(on('N')).toEqual({ type: 'next' });
    expect(on('j')).toBeUndefined();
    expect(on('r')).toBeUndefined();
    expect(on('1')).toBeUndefined();
    expect(on('k')).toEqual({ type: 'previous' });
    expect(shortcutLines(keys).map((line) => line.keys.join('–'))).toEqual(['n', 'k', 's', '/', '?', 'Esc']);
    const off = { ...DEFAULT_KEYMAP, on: false };
    for (const key of ['j', 'k', 'r', 's', '1', '/', '?'])
      expect(
        timelineKeyAction({ key, altKey: false, ctrlKey: false, metaKey: false, target: null }, off),
      ).toBeUndefined();
    expect(shortcutLines(off).map((line) => line.keys.join('–'))).toEqual(['Esc']);
  });

  it('refuses two actions on one key, digits, spaces and more than one character; keeps letters in lower case', () => {
    expect(keymapSchema.safeParse({ ...DEFAULT_KEYMAP, next: 'k' }).success).toBe(false);
    expect(keymapSchema.safeParse({ ...DEFAULT_KEYMAP, next: 'K' }).success).toBe(false);
    for (const bad of ['1', ' ', 'jj', '', '\t'])
      expect(keymapSchema.safeParse({ ...DEFAULT_KEYMAP, next: bad }).success, bad).toBe(false);
    expect(keymapSchema.parse({ ...DEFAULT_KEYMAP, next: 'N' }).next).toBe('n');
    expect(keymapSchema.parse({ ...DEFAULT_KEYMAP, next: null, previous: 'ü' })).toMatchObject({
      next: null,
      previous: 'ü',
    });
  });
});
