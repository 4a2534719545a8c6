import { t } from '@/lib/i18n';
import { MAX_BODY_LENGTH } from '@/lib/messages/limits';

/** Shown under a composer: what happened to the last send, in words. */
export interface ComposerMessage {
  tone: 'ok' | 'error';
  text: string;
}

/** Characters left before the counter shows. */
export const COUNTER_FROM = 200;

/** What is wrong with a body before it is sent (the background checks again at the door), or null. */
export function bodyProblem(text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return t('panelTextEmpty');
  if (length > MAX_BODY_LENGTH) return t('panelTextTooLong', [String(length), String(MAX_BODY_LENGTH)]);
  return null;
}

/** Characters left, once few remain (else null: no counter). */
export function charsLeft(text: string): number | null {
  const left = MAX_BODY_LENGTH - text.trim().length;
  return left <= COUNTER_FROM ? left : null;
}

/** Whether the platform is a Mac, where the send shortcut is ⌘+Enter. */
export function isMac(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}
