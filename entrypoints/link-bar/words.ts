import { formatClock, secondsLeft } from '@/lib/countdown';
import { isHeld, type WriteView } from '@/lib/messages/post-writes';
import { t } from './say';

/** The little mark a reaction button carries for its state (hidden from screen readers: the status says it). */
export function markOf(view: WriteView | undefined): string {
  switch (view?.status) {
    case 'queued':
    case 'sending':
      return '…';
    case 'sent':
      return view.inReview === true ? '…' : '✓';
    case 'waiting':
      return '⏳';
    case 'failed':
      return '!';
    case 'uncertain':
      return '?';
    default:
      return '';
  }
}

/** A write's state in words, with the countdown of a waiting one. */
export function stateWords(view: WriteView, now: number): string {
  switch (view.status) {
    // Only extension pages schedule, and a bar hears of its own site's writes alone: never shown.
    case 'scheduled':
    case 'queued':
      return isHeld(view, now) ? t('barHeld', String(secondsLeft(view.heldUntil ?? now, now))) : t('barQueued');
    case 'sending':
      return t('barSending');
    case 'sent':
      return view.inReview === true ? t('barInReview') : t('barSent');
    case 'waiting':
      return t('barWaiting', formatClock(secondsLeft(view.until ?? now, now)));
    case 'failed':
      return t('barFailed', view.reason ?? '');
    case 'uncertain':
      return t('barUncertain');
  }
}
