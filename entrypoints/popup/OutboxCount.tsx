import { type MessageKey, t } from '@/lib/i18n';
import type { Status } from '@/lib/ui/use-status';

type Worst = NonNullable<Status['outbox']['worst']>;

/** The worst state in words, with how many items are in it. */
const WORST: Record<Worst, MessageKey> = {
  failed: 'popupWorstFailed',
  uncertain: 'popupWorstUncertain',
  waiting: 'popupWorstWaiting',
  sending: 'popupWorstSending',
  queued: 'popupWorstQueued',
  sent: 'popupWorstSent',
};

/** The Outbox in one line: how many writes are still to go, and the state most in need of attention. */
export function OutboxCount({ outbox }: { outbox: Status['outbox'] | undefined }) {
  if (outbox === undefined) return null;
  const { pending, worst, counts } = outbox;
  return (
    <p class="outbox-count">
      <span>{pending === 0 ? t('popupOutboxNothingPending') : t('popupOutboxPending', String(pending))}</span>
      {worst !== null && <span class={`chip chip-${worst}`}>{t(WORST[worst], String(counts[worst] ?? 0))}</span>}
    </p>
  );
}
