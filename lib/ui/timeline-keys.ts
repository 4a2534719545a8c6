import type { MessageKey } from '@/lib/i18n';
import { DEFAULT_KEYMAP, KEY_ACTIONS, type KeyAction, type KeyMap } from '@/lib/storage/keymap';

/*
 * The timeline's single-key shortcuts, as a pure mapping from a key event to an action through the
 * user's map (lib/storage/keymap.ts), and the list the side panel's "?" dialog and the options page
 * show. Keys typed into a text field are the text's.
 */

/** What a shortcut does. `react` carries the reaction kind's position, from 0. */
export type TimelineKeyAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'reply' }
  | { type: 'save' }
  | { type: 'react'; index: number }
  | { type: 'search' }
  | { type: 'help' };

/** The parts of a `KeyboardEvent` the mapping reads. */
export interface KeyInput {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  isComposing?: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
}

/** Input types that take no typed text (a key pressed on them is not typing). */
const NOT_TEXT = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Whether keys pressed on `target` are typing: a text input, a textarea, a select or editable content. */
export function isTextEntry(target: EventTarget | null): boolean {
  const el = target as (HTMLElement & { type?: string }) | null;
  if (el === null || typeof el.tagName !== 'string') return false;
  const tag = el.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NOT_TEXT.has(String(el.type ?? 'text').toLowerCase());
  return el.isContentEditable === true;
}

/** The action of a key press in `keys`, or undefined when the key is not a shortcut here (or is typing). */
export function timelineKeyAction(event: KeyInput, keys: KeyMap = DEFAULT_KEYMAP): TimelineKeyAction | undefined {
  if (!keys.on || event.altKey || event.ctrlKey || event.metaKey || event.isComposing || event.defaultPrevented)
    return undefined;
  if (isTextEntry(event.target)) return undefined;
  const key = event.key.length === 1 ? event.key.toLocaleLowerCase('en') : event.key;
  const action = KEY_ACTIONS.find((name) => keys[name] === key);
  if (action !== undefined) return { type: action };
  if (keys.react && /^[1-9]$/.test(key)) return { type: 'react', index: Number(key) - 1 };
  return undefined;
}

/** One line of the shortcut list: the keys (as printed on them) and what they do. */
export interface ShortcutLine {
  keys: readonly string[];
  label: MessageKey;
}

/** What each single-key action does, in words. */
export const KEY_ACTION_LABELS: Record<KeyAction, MessageKey> = {
  next: 'keysNext',
  previous: 'keysPrevious',
  reply: 'keysReply',
  save: 'keysSave',
  search: 'keysSearch',
  help: 'keysHelp',
};

/** The shortcuts that work with `keys`, in the order the lists show them (Esc always does). */
export function shortcutLines(keys: KeyMap = DEFAULT_KEYMAP): ShortcutLine[] {
  const lines: ShortcutLine[] = [];
  if (keys.on) {
    for (const action of KEY_ACTIONS.slice(0, 3)) {
      const key = keys[action];
      if (key !== null) lines.push({ keys: [key], label: KEY_ACTION_LABELS[action] });
    }
    if (keys.react) lines.push({ keys: ['1', '9'], label: 'keysReact' });
    for (const action of KEY_ACTIONS.slice(3)) {
      const key = keys[action];
      if (key !== null) lines.push({ keys: [key], label: KEY_ACTION_LABELS[action] });
    }
  }
  lines.push({ keys: ['Esc'], label: 'keysEscape' });
  return lines;
}
