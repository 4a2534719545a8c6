import { accountName } from '@/lib/account-name';
import { siteOriginOf } from '@/lib/base-url';
import { t } from '@/lib/i18n';
import { barWords } from '@/lib/links/bar-words';
import { candidateSelector } from '@/lib/links/match';
import { patternsFor } from '@/lib/links/pattern';
import { toPostView } from '@/lib/messages/fields';
import { writeView } from '@/lib/messages/post-writes';
import { MessageError } from '@/lib/messages/reply';
import type { Handlers } from '@/lib/messages/router';
import { normalizeOrigin } from '@/lib/messages/sender';
import { pageOutbox } from '@/lib/queue';
import type { OutboxItem } from '@/lib/queue/types';
import { defaultAccount } from '@/lib/storage/accounts';
import { shownKinds } from '@/lib/storage/reaction-kinds';
import { readSettings } from '@/lib/storage/settings';
import { accountHandlers } from './account-handlers';
import type { HandlerDeps } from './handler-deps';
import { pagePostHandlers, type ReadTimelinePage } from './page-posts';
import { savedHandlers } from './saved-handlers';
import { siteHandlers } from './site-handlers';
import { decoratedHost, pageSite } from './sites';
import { syncHandlers } from './sync-handlers';

/** How long a held write (a click the bar could not prove seen) waits for the user's Undo. */
export const UNDO_WINDOW_MS = 5_000;

/** A content script learns only the id and state of a write it asked for. */
const ack = (item: OutboxItem) => {
  const { status, heldUntil } = writeView(item, Date.now());
  return { id: item.id, status, ...(heldUntil === undefined ? {} : { heldUntil }) };
};

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

/** The site a reply frame says its bar is on: an origin (or `null`, an opaque one), else none. */
function frameSite(site: string | undefined): string | undefined {
  if (site === undefined) return undefined;
  return site === 'null' ? site : normalizeOrigin(site);
}

/** One handler per message of the protocol table. Requests arrive parsed and permitted. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const { services, status, kick, drafts, links } = deps;
  /**
   * Queues a write as an account: the one the page named (extension pages only), else the default.
   * A page's bar always speaks as the default account: a page never chooses who speaks.
   */
  const enqueue = async (
    request: OutboxItem['request'],
    as: { from?: string; account?: string; hold?: boolean; sendAt?: number | undefined },
  ) => {
    if (request.kind === 'reaction') await requireConfiguredKind(request.reaction);
    const account = await services.accounts.resolve(as.account);
    const outbox = await services.outbox();
    const now = Date.now();
    const hold = as.hold === true ? { holdUntil: now + UNDO_WINDOW_MS } : {};
    const when = as.sendAt === undefined ? {} : { sendAt: as.sendAt };
    const item = await outbox.enqueue(account.id, request, { from: as.from, ...hold, ...when });
    if (as.account !== undefined) await services.accounts.noteUsed(account.id);
    kick();
    return item;
  };

  /** Every timeline read goes here: the panel's pages, the new-posts check, "Read further". */
  const readTimelinePage: ReadTimelinePage = async (account, params) => {
    const { client, read } = services.apiOf(account);
    // A page read anyway is where a post the browser sent twice shows its second copy, and where
    // "This page" learns which posts link where (locally: lib/links/page-index.ts). Inside the read,
    // so callers sharing one request (the early script's and the panel's) note it once.
    const page = await read(`timeline:${params.limit}:${params.cursor ?? ''}`, async () => {
      const fresh = await client.timeline(params);
      services
        .noteTwins(account, fresh.items)
        .catch((error: unknown) => console.warn('Looking for twins failed', error));
      services.pagePosts.seen(account, fresh, params.cursor);
      return fresh;
    });
    return { items: page.items, nextCursor: page.nextCursor };
  };

  return {
    ...accountHandlers(deps),
    ...siteHandlers(deps),
    ...syncHandlers(deps),
    getStatus: () => status(),
    getSettings: () => readSettings(),
    getLinkConfig: async (_request, { sender }) => {
      const { baseUrl, linkPatterns, reactionKinds, decorateAllSites, excludedHosts, chosenSites } =
        await readSettings();
      const hostname = decoratedHost(sender.url, excludedHosts);
      // The exclusions are applied here: a page never learns which other sites the user excluded.
      if (hostname === undefined) {
        return {
          decorate: false,
          siteOrigin: null,
          patterns: [],
          candidates: '',
          reactionKinds: [],
          barWords: {},
          allSites: false,
          speaker: null,
        };
      }
      const speaker = defaultAccount(await services.accounts.book());
      const siteOrigin = siteOriginOf(baseUrl);
      const patterns = patternsFor({ siteOrigin, linkPatterns });
      return {
        decorate: true,
        siteOrigin,
        patterns,
        candidates: candidateSelector(patterns, false),
        reactionKinds: shownKinds(reactionKinds),
        barWords: barWords(t),
        allSites: (await links.allSitesEnabled(decorateAllSites)) || (await links.chosenHere(hostname, chosenSites)),
        speaker: speaker === undefined ? null : accountName(speaker),
      };
    },
    loadInlineBar: async (_request, { sender }) => {
      if (sender.kind !== 'content') throw new MessageError('forbidden', 'Only a page script loads the inline bar.');
      await links.injectBar(sender.tabId, sender.frameId ?? 0);
      return null;
    },
    loadLinkScript: async (_request, { sender }) => {
      if (sender.kind !== 'content') throw new MessageError('forbidden', 'Only a page script loads the link script.');
      // Where the user excluded the host, nothing is loaded (the registration excludes it too).
      if (decoratedHost(sender.url, (await readSettings()).excludedHosts) === undefined) return null;
      await links.injectLinkScript(sender.tabId, sender.frameId ?? 0);
      return null;
    },
    getTimelinePage: async ({ cursor, limit, account: id }) => {
      const page = await readTimelinePage(await services.accounts.resolve(id), {
        limit: limit ?? 20,
        ...(cursor === undefined ? {} : { cursor }),
      });
      // The known fields only: nothing a server added travels to a page (lib/messages/fields.ts).
      return { items: page.items.map(toPostView), nextCursor: page.nextCursor };
    },
    ...pagePostHandlers({
      pagePosts: services.pagePosts,
      resolve: (id) => services.accounts.resolve(id),
      read: readTimelinePage,
    }),
    enqueueWrite: ({ as, ...write }) => {
      if (write.kind === 'reaction') return enqueue(write, { account: as });
      const { sendAt, ...request } = write;
      return enqueue(request, { account: as, sendAt });
    },
    listOutbox: async (request) => pageOutbox((await services.outbox()).list(), request?.cursor, request?.limit ?? 100),
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
    rescheduleWrite: async ({ id, sendAt, body }) => {
      const item = await (await services.outbox()).reschedule(id, sendAt, body);
      // The alarm follows the new time.
      kick();
      return item;
    },
    sendWriteNow: async ({ id }) => {
      const item = await (await services.outbox()).sendNow(id);
      kick();
      return item;
    },
    discardItem: async ({ id }) => {
      await (await services.outbox()).discard(id);
      return null;
    },
    reactToPost: async ({ postId, reaction, hold }, { sender }) =>
      ack(await enqueue({ kind: 'reaction', postId, reaction }, { from: pageSite(sender), hold })),
    undoReaction: async ({ postId, reaction }, { sender }) => {
      const undone = await (await services.outbox()).undoHeldReaction(postId, reaction, pageSite(sender));
      if (!undone) throw new MessageError('not_allowed', 'Too late to undo: it is on its way.');
      // Writes queued behind it need not wait out its window.
      kick();
      return null;
    },
    replyToPost: async ({ postId, body, site }, { sender }) =>
      ack(await enqueue({ kind: 'comment', postId, body }, { from: pageSite(sender) ?? frameSite(site) })),
    openWithDraft: async (draft, { sender }) => {
      await drafts.open(draft, sender.tabId);
      return null;
    },
    takePendingDraft: () => drafts.take(),
    ...savedHandlers({ saved: deps.saved, resolve: (id) => services.accounts.resolve(id) }),
  };
}
