import { useRef, useState } from 'preact/hooks';
import { type MessageKey, t, tCount } from '@/lib/i18n';
import type { OutboxItemView } from '@/lib/messages/fields';
import { groupOutbox, type OutboxGroupName, pacedHeadsOf } from '@/lib/ui/outbox-groups';
import type { OutboxState, Status } from '@/lib/ui/page-store';
import { type ActionResult, OutboxEntry } from './OutboxEntry';
import { RateLimitBanner } from './RateLimitBanner';

/** How many sent writes show before "Show all". */
const SENT_SHOWN = 10;

const GROUP_TITLE: Record<OutboxGroupName, MessageKey> = {
  attention: 'outboxGroupAttention',
  pending: 'outboxGroupPending',
  scheduled: 'outboxGroupScheduled',
  sent: 'outboxGroupSent',
};

export interface OutboxActions {
  onRetry: (id: string) => ActionResult;
  onEditAndResend: (id: string, body: string) => ActionResult;
  onDiscard: (id: string) => ActionResult;
  onReschedule: (id: string, sendAt: number, body?: string) => ActionResult;
  onSendNow: (id: string) => ActionResult;
  /** Reads older sent writes; resolves to an error's words when that failed. */
  onShowOlder: () => Promise<string | undefined>;
}

export interface OutboxViewProps extends OutboxActions {
  /** The Outbox as the page's store holds it; undefined while its first page is on its way. */
  outbox: OutboxState | undefined;
  status: Status | undefined;
  /** Show the pause banner at the top (default). Off when the page shows one of its own already. */
  banner?: boolean;
  /** The platform's site (for links to sent writes). */
  siteOrigin: string | null;
  /** A reaction kind's label ("Well sourced" for `well_sourced`). */
  reactionLabel: (kind: string) => string;
  /** A write to scroll to and focus once drawn; `onFocused` says it was, so it happens once. */
  focusItem?: string;
  onFocused?: () => void;
}

/**
 * The Outbox: every write the user made and what became of it, with what they can do about it.
 * Draws what it is given (the page's container owns the store and the actions).
 */
export function OutboxView(props: OutboxViewProps) {
  const { outbox, status, banner = true } = props;
  const [allSent, setAllSent] = useState(false);
  const [olderError, setOlderError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const onDiscard = async (id: string): ActionResult => {
    const failure = await props.onDiscard(id);
    // The item and its buttons are gone: keep the keyboard user in the Outbox.
    if (failure === undefined) heading.current?.focus();
    return failure;
  };
  const showOlder = async () => setOlderError(await props.onShowOlder());

  const items: readonly OutboxItemView[] = outbox?.items ?? [];
  const groups = groupOutbox(items);
  // Each write links to its own account's platform, and says who it is written as when there are several.
  const accounts = new Map((status?.accounts ?? []).map((account) => [account.id, account]));
  const speakerOf = (item: OutboxItemView) =>
    accounts.size > 1 ? (accounts.get(item.account)?.name ?? t('outboxGoneAccount')) : undefined;
  const waitingAccounts = new Set(items.filter((item) => item.state.status === 'waiting').map((item) => item.account));
  const pacedHeads = pacedHeadsOf(items, status?.accounts ?? []);
  const more = outbox?.olderCursor !== null && outbox?.olderCursor !== undefined;
  return (
    <section class="outbox" aria-labelledby="outbox-title">
      <h2 id="outbox-title" ref={heading} tabIndex={-1}>
        {t('outboxTitle')}
      </h2>
      {banner && <RateLimitBanner status={status} />}
      {outbox === undefined && <p class="hint">{t('outboxLoading')}</p>}
      {outbox !== undefined && items.length === 0 && <p class="outbox-empty">{t('outboxEmpty')}</p>}
      {groups.map((group) => {
        const sent = group.name === 'sent';
        // The write to focus is shown even among older sent ones.
        const showAll = allSent || group.items.slice(SENT_SHOWN).some((item) => item.id === props.focusItem);
        const shown = sent && !showAll ? group.items.slice(0, SENT_SHOWN) : group.items;
        // Every sent write loaded is shown: older ones may be read (or were forgotten).
        const whole = sent && shown.length === group.items.length;
        // Sent writes are read in pages: the status counts them all.
        const total = sent ? Math.max(group.items.length, status?.outbox.counts.sent ?? 0) : group.items.length;
        return (
          <section key={group.name} class={`outbox-group group-${group.name}`} aria-labelledby={`outbox-${group.name}`}>
            <h3 id={`outbox-${group.name}`}>
              {t(GROUP_TITLE[group.name])} <span class="count">({total})</span>
            </h3>
            <ul class="outbox-list">
              {shown.map((item) => (
                <OutboxEntry
                  key={item.id}
                  item={item}
                  reactionLabel={props.reactionLabel}
                  siteOrigin={accounts.get(item.account)?.origin ?? props.siteOrigin}
                  speaker={speakerOf(item)}
                  onRetry={props.onRetry}
                  onEditAndResend={props.onEditAndResend}
                  onDiscard={onDiscard}
                  onReschedule={props.onReschedule}
                  onSendNow={props.onSendNow}
                  behindWait={waitingAccounts.has(item.account)}
                  pacedUntil={pacedHeads.get(item.id)}
                  focused={item.id === props.focusItem}
                  onFocused={props.onFocused}
                />
              ))}
            </ul>
            {shown.length < group.items.length && (
              <button type="button" onClick={() => setAllSent(true)}>
                {tCount('outboxShowAllSent', total)}
              </button>
            )}
            {whole && more && (
              <button type="button" onClick={showOlder}>
                {t('outboxShowOlder')}
              </button>
            )}
            {whole && allSent && !more && <p class="hint">{t('outboxHistoryNote')}</p>}
            {sent && olderError !== undefined && (
              <p class="outbox-error" role="alert">
                {t('outboxLoadFailed', olderError)}
              </p>
            )}
          </section>
        );
      })}
    </section>
  );
}
