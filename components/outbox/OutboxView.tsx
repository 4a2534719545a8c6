import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { type MessageKey, t } from '@/lib/i18n';
import type { OutboxItemView } from '@/lib/messages/fields';
import { sendMessage } from '@/lib/messages/send';
import { errorText } from '@/lib/ui/error-text';
import { groupOutbox, type OutboxGroupName } from '@/lib/ui/outbox-groups';
import { useStatus } from '@/lib/ui/use-status';
import { type ActionResult, OutboxEntry } from './OutboxEntry';
import { RateLimitBanner } from './RateLimitBanner';

/** How many sent writes show before "Show all". */
const SENT_SHOWN = 10;

const GROUP_TITLE: Record<OutboxGroupName, MessageKey> = {
  attention: 'outboxGroupAttention',
  pending: 'outboxGroupPending',
  sent: 'outboxGroupSent',
};

interface LinkConfig {
  siteOrigin: string | null;
  labels: Map<string, string>;
}

export interface OutboxViewProps {
  /** Show the pause banner at the top (default). Off when the page shows one of its own already. */
  banner?: boolean;
}

/**
 * The Outbox: every write the user made and what became of it, with what they can do about it.
 * Self-contained: lists the Outbox from the background and lists it again on every change push.
 */
export function OutboxView({ banner = true }: OutboxViewProps) {
  const [items, setItems] = useState<OutboxItemView[]>();
  const [loadError, setLoadError] = useState<string>();
  const [config, setConfig] = useState<LinkConfig>({ siteOrigin: null, labels: new Map() });
  const [allSent, setAllSent] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const generation = useRef(0);

  const load = useCallback(async () => {
    // Answers may arrive out of order: only the newest request's answer is drawn.
    const mine = ++generation.current;
    const reply = await sendMessage('listOutbox');
    if (mine !== generation.current) return;
    if (reply.ok) {
      setItems(reply.data.items);
      setLoadError(undefined);
    } else setLoadError(errorText(reply.error));
  }, []);
  const status = useStatus(load);

  useEffect(() => {
    void load();
    void sendMessage('getLinkConfig').then((reply) => {
      if (!reply.ok) return;
      const labels = new Map(reply.data.reactionKinds.map((kind) => [kind.value, kind.label]));
      setConfig({ siteOrigin: reply.data.siteOrigin, labels });
    });
  }, [load]);

  const act = async (reply: Promise<{ ok: true } | { ok: false; error: Parameters<typeof errorText>[0] }>) => {
    const result = await reply;
    if (!result.ok) return errorText(result.error);
    void load();
    return undefined;
  };
  const onRetry = (id: string): ActionResult => act(sendMessage('retryItem', { id }));
  const onEditAndResend = (id: string, body: string): ActionResult => act(sendMessage('editAndResend', { id, body }));
  const onDiscard = async (id: string): ActionResult => {
    const failure = await act(sendMessage('discardItem', { id }));
    // The item and its buttons are gone: keep the keyboard user in the Outbox.
    if (failure === undefined) heading.current?.focus();
    return failure;
  };
  const reactionLabel = (kind: string) => config.labels.get(kind) ?? kind;

  const groups = items === undefined ? [] : groupOutbox(items);
  const waitingAccounts = new Set(
    (items ?? []).filter((item) => item.state.status === 'waiting').map((item) => item.account),
  );
  return (
    <section class="outbox" aria-labelledby="outbox-title">
      <h2 id="outbox-title" ref={heading} tabIndex={-1}>
        {t('outboxTitle')}
      </h2>
      {banner && <RateLimitBanner status={status} />}
      {loadError !== undefined && (
        <p class="outbox-error" role="alert">
          {t('outboxLoadFailed', loadError)}
        </p>
      )}
      {items === undefined && loadError === undefined && <p class="hint">{t('outboxLoading')}</p>}
      {items !== undefined && items.length === 0 && <p class="outbox-empty">{t('outboxEmpty')}</p>}
      {groups.map((group) => {
        const shown = group.name === 'sent' && !allSent ? group.items.slice(0, SENT_SHOWN) : group.items;
        return (
          <section key={group.name} class={`outbox-group group-${group.name}`} aria-labelledby={`outbox-${group.name}`}>
            <h3 id={`outbox-${group.name}`}>
              {t(GROUP_TITLE[group.name])} <span class="count">({group.items.length})</span>
            </h3>
            <ul class="outbox-list">
              {shown.map((item) => (
                <OutboxEntry
                  key={item.id}
                  item={item}
                  reactionLabel={reactionLabel}
                  siteOrigin={config.siteOrigin}
                  onRetry={onRetry}
                  onEditAndResend={onEditAndResend}
                  onDiscard={onDiscard}
                  behindWait={waitingAccounts.has(item.account)}
                />
              ))}
            </ul>
            {shown.length < group.items.length && (
              <button type="button" onClick={() => setAllSent(true)}>
                {t('outboxShowAllSent', String(group.items.length))}
              </button>
            )}
          </section>
        );
      })}
    </section>
  );
}
