import { type Browser, browser } from 'wxt/browser';
import { siteOriginOf } from '@/lib/base-url';
import { t } from '@/lib/i18n';
import { createLinkMatcher, type LinkMatcher } from '@/lib/links/match';
import { patternsFor } from '@/lib/links/pattern';
import { menuTargetPatterns } from '@/lib/links/registration';
import { MAX_DRAFT_LENGTH } from '@/lib/storage/draft-limit';
import type { PendingDraft } from '@/lib/storage/pending-draft';
import { shownKinds } from '@/lib/storage/reaction-kinds';
import { readSettings } from '@/lib/storage/settings';
import type { Drafts } from './drafts';

/** Menu entry ids: one "React: …" per reaction kind, "Reply…" and "Post this quote". */
export const MENU_IDS = { reactPrefix: 'dc-react:', reply: 'dc-reply', quote: 'dc-quote' } as const;

/** What a menu click does, through the same code as the messages. */
export interface MenuActions {
  /** Queues a reaction (the `reactToPost` handler). */
  react(postId: string, reaction: string): Promise<unknown>;
  drafts: Drafts;
}

type ClickInfo = Browser.contextMenus.OnClickData;

/** `contextMenus.create` as a promise that also consumes `runtime.lastError`. */
function create(properties: Browser.contextMenus.CreateProperties): Promise<void> {
  return new Promise((resolve, reject) => {
    browser.contextMenus.create(properties, () => {
      const error = browser.runtime.lastError;
      if (error) reject(new Error(error.message));
      else resolve();
    });
  });
}

/**
 * The page a quote came from, as the draft cites it: origin and path only. A query or fragment may
 * carry a session, a search or a token the user never meant to publish; the user can paste the
 * full address into the draft if they want it.
 */
export function citedPage(pageUrl: string | undefined): string | undefined {
  if (pageUrl === undefined) return undefined;
  try {
    const url = new URL(pageUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return `${url.origin}${url.pathname}`;
  } catch {
    return undefined;
  }
}

/** The quote draft: the selection in quotes, then the page it came from (the user edits it in the panel). */
export function quoteDraft(selection: string, pageUrl: string | undefined): string {
  const cited = citedPage(pageUrl);
  const source = cited === undefined ? '' : `\n\n${cited}`;
  const room = Math.max(0, MAX_DRAFT_LENGTH - source.length - 2);
  const quote = selection.trim().replace(/\s+/g, ' ');
  return `“${quote.length > room ? `${quote.slice(0, room - 1)}…` : quote}”${source}`;
}

/**
 * The context menus: on a post link "React: <kind>" (one per kind) and "Reply…"; on a selection
 * "Post this quote". Context menus need no host permission, so they work on every page. Entries
 * are rebuilt whenever the settings change (link patterns, kinds); clicks are matched exactly.
 */
export class ContextMenus {
  private chain: Promise<void> = Promise.resolve();
  /** The matcher of the last build; undefined until the first one finished (a cold worker). */
  private matcher: LinkMatcher | undefined;

  constructor(private readonly actions: MenuActions) {}

  /** Rebuilds every entry from the settings; calls run one after another. */
  sync(): Promise<void> {
    this.chain = this.chain
      .then(() => this.build())
      .catch((error: unknown) => console.error('Building the context menus failed', error));
    return this.chain;
  }

  private async loadMatcher(): Promise<{
    matcher: LinkMatcher;
    targets: string[];
    kinds: { value: string; label: string }[];
  }> {
    const { baseUrl, linkPatterns, reactionKinds } = await readSettings();
    const patterns = patternsFor({ siteOrigin: siteOriginOf(baseUrl), linkPatterns });
    return {
      matcher: createLinkMatcher(patterns),
      targets: menuTargetPatterns(patterns),
      kinds: shownKinds(reactionKinds),
    };
  }

  private async build(): Promise<void> {
    const { matcher, targets, kinds } = await this.loadMatcher();
    await browser.contextMenus.removeAll();
    if (targets.length > 0) {
      for (const kind of kinds) {
        await create({
          id: `${MENU_IDS.reactPrefix}${kind.value}`,
          title: t('menuReact', kind.label),
          contexts: ['link'],
          targetUrlPatterns: targets,
        });
      }
      await create({ id: MENU_IDS.reply, title: t('menuReply'), contexts: ['link'], targetUrlPatterns: targets });
    }
    await create({ id: MENU_IDS.quote, title: t('menuQuote'), contexts: ['selection'] });
    this.matcher = matcher;
  }

  /** The `contextMenus.onClicked` listener. Synchronous up to opening the panel: the click is a user gesture. */
  onClicked(info: ClickInfo, tab: Browser.tabs.Tab | undefined): Promise<void> {
    const id = String(info.menuItemId);
    const tabId = tab?.id !== undefined && tab.id >= 0 ? tab.id : undefined;
    if (id === MENU_IDS.quote) {
      const selection = info.selectionText ?? '';
      if (selection.trim() === '') return Promise.resolve();
      return this.actions.drafts.openFromGesture({ kind: 'post', text: quoteDraft(selection, info.pageUrl) }, tabId);
    }
    if (id === MENU_IDS.reply) {
      const known = this.matcher?.match(info.linkUrl ?? '');
      if (known === null) return Promise.resolve();
      if (known !== undefined)
        return this.actions.drafts.openFromGesture({ kind: 'reply', postId: known, text: '' }, tabId);
      // A cold worker: open the panel inside the gesture first, then hand it the draft.
      return this.actions.drafts.openFromGesture(this.replyDraftLater(info.linkUrl), tabId);
    }
    if (id.startsWith(MENU_IDS.reactPrefix)) {
      const reaction = id.slice(MENU_IDS.reactPrefix.length);
      return this.postIdOf(info.linkUrl).then(async (postId) => {
        if (postId !== null) await this.actions.react(postId, reaction);
      });
    }
    return Promise.resolve();
  }

  private async postIdOf(linkUrl: string | undefined): Promise<string | null> {
    if (linkUrl === undefined) return null;
    const matcher = this.matcher ?? (await this.loadMatcher()).matcher;
    return matcher.match(linkUrl);
  }

  private async replyDraftLater(linkUrl: string | undefined): Promise<PendingDraft | null> {
    const postId = await this.postIdOf(linkUrl);
    return postId === null ? null : { kind: 'reply', postId, text: '' };
  }
}
