import { useEffect, useState } from 'preact/hooks';
import { type OutboxActions, OutboxView } from '@/components/outbox/OutboxView';
import type { ReplyError } from '@/lib/messages/envelope';
import { sendMessage } from '@/lib/messages/send';
import { errorText } from '@/lib/ui/error-text';
import { pageStore, useOutbox, useStatus } from '@/lib/ui/page-store';

/** Words for a refused action, or undefined when it was done (the push brings the change). */
async function act(reply: Promise<{ ok: true } | { ok: false; error: ReplyError }>): Promise<string | undefined> {
  const result = await reply;
  return result.ok ? undefined : errorText(result.error);
}

const actions: OutboxActions = {
  onRetry: (id) => act(sendMessage('retryItem', { id })),
  onEditAndResend: (id, body) => act(sendMessage('editAndResend', { id, body })),
  onDiscard: (id) => act(sendMessage('discardItem', { id })),
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
  const [config, setConfig] = useState<{ siteOrigin: string | null; labels: Map<string, string> }>({
    siteOrigin: null,
    labels: new Map(),
  });
  useEffect(() => {
    void sendMessage('getLinkConfig').then((reply) => {
      if (!reply.ok) return;
      const labels = new Map(reply.data.reactionKinds.map((kind) => [kind.value, kind.label]));
      setConfig({ siteOrigin: reply.data.siteOrigin, labels });
    });
  }, []);
  return (
    <OutboxView
      {...actions}
      outbox={outbox}
      status={status}
      banner={false}
      siteOrigin={config.siteOrigin}
      reactionLabel={(kind) => config.labels.get(kind) ?? kind}
      focusItem={focusItem}
      onFocused={() => setFocusItem(undefined)}
    />
  );
}
