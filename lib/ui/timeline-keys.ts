import type { MessageKey } from '@/lib/i18n';

/*
 * The timeline's single-key shortcuts, as a pure mapping from a key event to an action, and the list
 * the side panel's "?" dialog and the options page show. Keys typed into a text field are the text's.
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

/** The action of a key press, or undefined when the key is not a shortcut here (or is typing). */
export function timelineKeyAction(event: KeyInput): TimelineKeyAction | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey || event.isComposing || event.defaultPrevented) return undefined;
  if (isTextEntry(event.target)) return undefined;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key === 'j') return { type: 'next' };
  if (key === 'k') return { type: 'previous' };
  if (key === 'r') return { type: 'reply' };
  if (key === 's') return { type: 'save' };
  if (key === '/') return { type: 'search' };
  if (key === '?') return { type: 'help' };
  if (/^[1-9]$/.test(key)) return { type: 'react', index: Number(key) - 1 };
  return undefined;
}

/** One line of the shortcut list: the keys (as printed on them) and what they do. */
export interface ShortcutLine {
  keys: readonly string[];
  label: MessageKey;
}

/** Every timeline shortcut, in the order the lists show them. */
export const TIMELINE_SHORTCUTS: readonly ShortcutLine[] = [
  { keys: ['j'], label: 'keysNext' },
  { keys: ['k'], label: 'keysPrevious' },
  { keys: ['r'], label: 'keysReply' },
  { keys: ['1', '9'], label: 'keysReact' },
  { keys: ['s'], label: 'keysSave' },
  { keys: ['/'], label: 'keysSearch' },
  { keys: ['?'], label: 'keysHelp' },
  { keys: ['Esc'], label: 'keysEscape' },
];
