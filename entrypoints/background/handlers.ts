import { siteOriginOf } from '@/lib/api/client';
import { MessageError } from '@/lib/messages/reply';
import type { Handlers } from '@/lib/messages/router';
import type { OutboxItem } from '@/lib/queue/types';
import { readSettings, updateSettings } from '@/lib/storage/settings';
import type { Drafts } from './drafts';
import { type BackgroundServices, identityItem } from './services';
import { statusOf } from './status';

/** What the handlers need besides the services: how to wake the drainer and open the panel. */
export interface HandlerDeps {
  services: BackgroundServices;
  /** Runs the drainer now (a write was queued, a key was saved). */
  kick: () => void;
  /** Pushes the status to open pages (for changes that storage events do not show, e.g. the vault). */
  notify: () => void;
  drafts: Drafts;
  /** Link bars: whether all-sites access is on, and loading the bar script into a frame. */
  links: {
    allSitesEnabled(decorateAllSites: boolean): Promise<boolean>;
    injectBar(tabId: number, frameId: number): Promise<void>;
  };
}

/** A content script learns only the id and state of a write it asked for. */
const ack = (item: OutboxItem) => ({ id: item.id, status: item.state.status });

/** A write's state as an inline bar shows it: no body, no account; the wait's end or the failure's words. */
const writeView = ({ state }: OutboxItem) => ({
  status: state.status,
  ...(state.status === 'waiting' ? { until: state.until } : {}),
  ...(state.status === 'failed' ? { reason: state.reason.message.slice(0, 300) } : {}),
});

/**
 * Only the kinds the user configured are ever sent: a page (or a compromised renderer) that asks
 * for another kind, well-formed or not, is refused in words.
 */
async function requireConfiguredKind(kind: string): Promise<void> {
  const { reactionKinds } = await readSettings();
  if (!reactionKinds.some((configured) => configured.value === kind)) {
    throw new MessageError('invalid', `"${kind}" is not one of your reaction kinds (options page → Reactions).`);
  }
}

/** One handler per message of the protocol table. Requests arrive parsed and permitted. */
export function createHandlers({ services, kick, notify, drafts, links }: HandlerDeps): Handlers {
  const enqueue = async (request: OutboxItem['request']) => {
    if (request.kind === 'reaction') await requireConfiguredKind(request.reaction);
    const account = await services.baseUrl();
    const item = await (await services.outbox()).enqueue(account, request);
    kick();
    return item;
  };

  return {
    getStatus: async () => statusOf(services),
    getSettings: () => readSettings(),
    saveSettings: async (change) => {
      const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
      const saved = await updateSettings(defined);
      if (change.baseUrl === undefined) return saved;
      // A key serves the origin it was given for: a new origin needs its own key, entered again.
      const bound = await services.vault.read();
      const origin = siteOriginOf(saved.baseUrl);
      let keyRemovedFor: string | undefined;
      if (bound !== undefined && bound.origin !== origin) {
        await services.vault.clear();
        await identityItem.setValue(null);
        keyRemovedFor = bound.origin;
        notify();
      }
      if (saved.baseUrl !== '') kick();
      return keyRemovedFor === undefined ? saved : { ...saved, keyRemovedFor };
    },
    getLinkConfig: async () => {
      const { baseUrl, linkPatterns, reactionKinds, decorateAllSites, excludedHosts } = await readSettings();
      return {
        siteOrigin: siteOriginOf(baseUrl),
        linkPatterns,
        reactionKinds,
        allSites: await links.allSitesEnabled(decorateAllSites),
        excludedHosts,
      };
    },
    loadInlineBar: async (_request, { sender }) => {
      if (sender.kind !== 'content') throw new MessageError('forbidden', 'Only a page script loads the inline bar.');
      await links.injectBar(sender.tabId, sender.frameId ?? 0);
      return null;
    },
    saveKey: async ({ key }) => {
      const { baseUrl } = await readSettings();
      const origin = siteOriginOf(baseUrl);
      if (origin === null)
        throw new MessageError('invalid', 'Set the API address first: a key is saved for one address.');
      await services.vault.save(key, origin);
      await identityItem.setValue(null);
      // A new key may lift a "disabled" pause at once; a 429 pause stays (the budget is the account's).
      await (await services.outbox()).resumeAccount(await services.baseUrl());
      kick();
      notify();
      return { last4: (await services.vault.describe()).last4 ?? '' };
    },
    clearKey: async () => {
      await services.vault.clear();
      await identityItem.setValue(null);
      notify();
      return null;
    },
    checkKey: async () => {
      const identity = await services.checkKey();
      return { account: identity.account ?? null, scopes: identity.scopes };
    },
    getTimelinePage: async ({ cursor, limit }) => {
      const baseUrl = await services.baseUrl();
      const { client, read } = services.api(baseUrl);
      const params = { limit: limit ?? 20, ...(cursor === undefined ? {} : { cursor }) };
      const page = await read(`timeline:${params.limit}:${cursor ?? ''}`, () => client.timeline(params));
      // A page read anyway is where a post the browser sent twice shows its second copy.
      services
        .noteTwins(baseUrl, page.items)
        .catch((error: unknown) => console.warn('Looking for twins failed', error));
      return { items: page.items, nextCursor: page.nextCursor };
    },
    enqueueWrite: (request) => enqueue(request),
    listOutbox: async () => ({ items: (await services.outbox()).list() }),
    retryItem: async ({ id }) => {
      const item = await (await services.outbox()).sendAgain(id);
      kick();
      return item;
    },
    editAndResend: async ({ id, body }) => {
      const item = await (await services.outbox()).editAndResend(id, body);
      kick();
      return item;
    },
    discardItem: async ({ id }) => {
      await (await services.outbox()).discard(id);
      return null;
    },
    reactToPost: async ({ postId, reaction }) => ack(await enqueue({ kind: 'reaction', postId, reaction })),
    replyToPost: async ({ postId, body }) => ack(await enqueue({ kind: 'comment', postId, body })),
    openWithDraft: async (draft, { sender }) => {
      await drafts.open(draft, sender.tabId);
      return null;
    },
    getPostStates: async ({ postIds }) => {
      const items = (await services.outbox()).list();
      return {
        posts: postIds.map((postId) => {
          const mine = items.filter((item) => 'postId' in item.request && item.request.postId === postId);
          const replies = { pending: 0, sent: 0, failed: 0, uncertain: 0 };
          const reactions: ({ kind: string } & ReturnType<typeof writeView>)[] = [];
          let latest: ReturnType<typeof writeView> | undefined;
          for (const item of mine) {
            const status = item.state.status;
            if (item.request.kind === 'reaction') {
              reactions.push({ kind: item.request.reaction, ...writeView(item) });
              continue;
            }
            if (status === 'sent' || status === 'failed' || status === 'uncertain') replies[status] += 1;
            else replies.pending += 1;
            latest = writeView(item);
          }
          return { postId, reactions, replies: latest === undefined ? replies : { ...replies, latest } };
        }),
      };
    },
  };
}
