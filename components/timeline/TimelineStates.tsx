import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import type { ReplyError } from '@/lib/messages/envelope';
import { errorText } from '@/lib/ui/error-text';
import type { Status } from '@/lib/ui/page-store';

/** No posts at all. */
export function EmptyState() {
  return <p class="timeline-note">{t('panelEmpty')}</p>;
}

/** What the timeline's error state says and offers. */
export interface LoadProblem {
  text: string;
  /** Offer a link to the options page (the fix is there). */
  options: boolean;
  /** Offer "Try again" (the fix is time, or the network). */
  retry: boolean;
}

/** The server's reason from a disabled-key error ("The API key is disabled: <reason>"). */
function disabledReason(error: ReplyError, status: Status | undefined): string {
  const fromPause = status?.pause.disabled?.reason;
  if (fromPause) return fromPause;
  const at = error.message.indexOf(': ');
  return at === -1 ? error.message : error.message.slice(at + 2);
}

/**
 * Words for a failed timeline load: no address or key → go to the options page; a refused key;
 * a disabled key with its reason; offline or unreachable → it reloads by itself when it can.
 */
export function loadProblem(error: ReplyError, status: Status | undefined, online: boolean): LoadProblem {
  if (!online) return { text: t('panelOffline'), options: false, retry: true };
  if (status?.baseUrl === '') return { text: t('panelNoBaseUrl'), options: true, retry: false };
  if (status !== undefined && !status.key.set) return { text: t('panelNoKey'), options: true, retry: false };
  switch (error.code) {
    case 'unauthorized':
      return { text: t('panelKeyRejected'), options: true, retry: true };
    case 'key_disabled':
      return { text: t('panelKeyDisabled', disabledReason(error, status)), options: false, retry: true };
    case 'forbidden_scope':
      return { text: t('panelMissingScope', error.message), options: true, retry: true };
    case 'network':
      return { text: t('panelUnreachable'), options: false, retry: true };
    default:
      return { text: t('panelLoadFailed', errorText(error)), options: false, retry: true };
  }
}

/** Opens the extension's options page. */
export function openOptions(event: Event): void {
  event.preventDefault();
  void browser.runtime.openOptionsPage();
}

/** The timeline could not load: why, in words, and what to do. */
export function ErrorState({ problem, onRetry }: { problem: LoadProblem; onRetry: () => void }) {
  return (
    <div class="timeline-note error" role="alert">
      <p>{problem.text}</p>
      <p class="actions">
        {problem.options && (
          <a href="/options.html" onClick={openOptions}>
            {t('panelOpenOptions')}
          </a>
        )}
        {problem.retry && (
          <button type="button" onClick={onRetry}>
            {t('panelRetry')}
          </button>
        )}
      </p>
    </div>
  );
}
