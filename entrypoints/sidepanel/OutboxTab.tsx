import { useMemo, useState } from 'preact/hooks';
import { type OutboxActions, OutboxView } from '@/components/outbox/OutboxView';
import { siteOriginOf } from '@/lib/base-url';
import type { ReplyError } from '@/lib/messages/envelope';
import { sendMessage } from '@/lib/messages/send';
import { productLabel, shownKinds } from '@/lib/storage/reaction-kinds';
import { errorText } from '@/lib/ui/error-text';
import { pageStore, useOutbox, useSettings, useStatus } from '@/lib/ui/page-store';

/** Words for a refused action, or undefined when it was done (the push brings the change). */
async function act(reply: Promise<{ ok: true } | { ok: false; error: ReplyError }>): Promise<string | undefined> {
  const result = await reply;
  return result.ok ? undefined : errorText(result.error);
}

const actions: OutboxActions = {
  onRetry: (id) => act(sendMessage('retryItem', { id })),
  onEditAndResend: (id, body) => act(sendMessage('editAndResend', { id, body })),
  onDiscard: (id) => act(sendMessage('discardItem', { id })),
  onReschedule: (id, sendAt, body) =>
    act(sendMessage('rescheduleWrite', { id, sendAt, ...(body === undefined ? {} : { body }) })),
  onSendNow: (id) => act(sendMessage('sendWriteNow', { id })),
  onShowOlder: async () => {
    const error = await pageStore().loadOlder();
    return error === undefined ? undefined : errorText(error);
  },
};

/**
 * The side panel's Outbox tab: the page's store and the background's actions, drawn by `OutboxView`.
 * `focusItem`: the write to scroll to and focus once it is drawn (the panel opened on it).
 */
export function OutboxTab(props: { focusItem?: string }) {
  const [focusItem, setFocusItem] = useState(props.focusItem);
  const outbox = useOutbox();
  const status = useStatus();
  // Labels and links from the page's store (pushed with every settings change): drawn at once, the
  // product's words for a known kind even before the settings arrive, never the raw value in between.
  const settings = useSettings();
  const labels = useMemo(
    () => new Map(shownKinds(settings?.reactionKinds ?? []).map((kind) => [kind.value, kind.label])),
    [settings?.reactionKinds],
  );
  const siteOrigin = settings === undefined ? null : siteOriginOf(settings.baseUrl);
  return (
    <OutboxView
      {...actions}
      outbox={outbox}
      status={status}
      banner={false}
      siteOrigin={siteOrigin}
      reactionLabel={(kind) => labels.get(kind) ?? productLabel(kind) ?? kind}
      focusItem={focusItem}
      onFocused={() => setFocusItem(undefined)}
    />
  );
}
