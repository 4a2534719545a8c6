import { type MessageKey, type PluralKey, t, tCount } from '@/lib/i18n';
import type { Status } from '@/lib/ui/page-store';

type Worst = NonNullable<Status['outbox']['worst']>;

/** The worst state in words, with how many items are in it. */
const WORST: Record<Worst, MessageKey> = {
  failed: 'popupWorstFailed',
  uncertain: 'popupWorstUncertain',
  waiting: 'popupWorstWaiting',
  sending: 'popupWorstSending',
  queued: 'popupWorstQueued',
  scheduled: 'popupWorstScheduled',
  sent: 'popupWorstSent',
};

/** The states that need the user, with their count. */
const COUNTED: Record<'failed' | 'uncertain', PluralKey> = {
  failed: 'popupWorstFailed',
  uncertain: 'popupWorstUncertain',
};

/**
 * The Outbox in one line: how many writes are still to go, and its worst state: the failed and
 * uncertain counts when there are any (they need the user), else the worst state's name.
 */
export function OutboxCount({ outbox }: { outbox: Status['outbox'] | undefined }) {
  if (outbox === undefined) return null;
  const { pending, worst, counts } = outbox;
  const attention = (['failed', 'uncertain'] as const).filter((state) => (counts[state] ?? 0) > 0);
  return (
    <p class="outbox-count">
      <span>{pending === 0 ? t('popupOutboxNothingPending') : tCount('popupOutboxPending', pending)}</span>
      {/* What needs the user first (failed, uncertain), else the one state that says most. */}
      {attention.map((state) => (
        <span key={state} class={`chip chip-${state}`}>
          {tCount(COUNTED[state], counts[state] ?? 0)}
        </span>
      ))}
      {attention.length === 0 && worst !== null && (
        <span class={`chip chip-${worst}`}>{t(WORST[worst], String(counts[worst] ?? 0))}</span>
      )}
    </p>
  );
}
