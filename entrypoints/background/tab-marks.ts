import { browser } from 'wxt/browser';
import { t, tCount } from '@/lib/i18n';
import { type TabMarkWords, tabMark } from '@/lib/links/toolbar-mark';

/** The toolbar button: `action` in MV3, `browserAction` in Firefox's MV2. */
export function toolbar(): typeof browser.action {
  return browser.action ?? (Reflect.get(browser, 'browserAction') as typeof browser.action);
}

const words = (): TabMarkWords => ({
  name: t('extName'),
  posts: (count) => tCount('toolbarPagePosts', count),
  writes: t('toolbarWritesWaiting'),
});

const hasTabs = (): Promise<boolean> => browser.permissions.contains({ permissions: ['tabs'] }).catch(() => false);

/**
 * Each tab's toolbar button says when posts read so far link to its page (lib/links/toolbar-mark.ts):
 * drawn per tab, so switching tabs switches it, when the tab navigates, when more posts were read,
 * and when the Outbox's badge changes. Only with the optional `tabs` permission (the tab's address
 * is needed, and looked up locally: it never leaves the browser); without it nothing is drawn per
 * tab and the button is the Outbox's alone.
 */
/** Counts the posts read that link to an address, from one reading of the default account's index. */
export type PostsAbout = (url: string) => number;

/** Where the tabs drawn with a mark are remembered across worker lives (their marks outlive the worker). */
const MARKED_KEY = 'tabMarks';

export class TabMarks {
  /** Tabs drawn with a mark or a title of their own (given back to the button's when it goes). */
  private readonly marked = new Set<number>();
  private outboxBadge = '';

  /** `index`: the lookup of the default account's index now, or undefined without an account. */
  constructor(private readonly index: () => Promise<PostsAbout | undefined>) {}

  /** The Outbox's badge text now: marked tabs follow it (it keeps priority). */
  async outboxChanged(badge: string): Promise<void> {
    if (badge === this.outboxBadge) return;
    this.outboxBadge = badge;
    if (this.marked.size > 0) await this.all();
  }

  /** One tab, at its address now. */
  async tab(tabId: number, url: string | undefined): Promise<void> {
    if (url === undefined && !this.marked.has(tabId)) return;
    await this.draw(tabId, url, await this.lookup());
  }

  /** Every tab: after posts were read, and when the permission came or went. */
  async all(): Promise<void> {
    const before = [...this.marked];
    if (!(await hasTabs())) {
      await Promise.all(before.map((tabId) => this.draw(tabId, undefined, undefined)));
    } else {
      const [tabs, about] = await Promise.all([browser.tabs.query({}).catch(() => []), this.lookup()]);
      await Promise.all(tabs.map((tab) => (tab.id === undefined ? undefined : this.draw(tab.id, tab.url, about))));
    }
    await this.remember(before);
  }

  /**
   * At the worker's start: the posts read were in the last worker's memory, and its marks are
   * still drawn; the tabs it marked (kept in session storage) are drawn again from what is known now.
   */
  async restore(): Promise<void> {
    const stored: unknown = (await browser.storage.session?.get(MARKED_KEY).catch(() => undefined))?.[MARKED_KEY];
    if (Array.isArray(stored)) for (const id of stored) if (Number.isInteger(id)) this.marked.add(id);
    await this.all();
  }

  /** A closed tab's drawing goes with it. */
  forget(tabId: number): void {
    const before = [...this.marked];
    this.marked.delete(tabId);
    void this.remember(before);
  }

  private async lookup(): Promise<PostsAbout | undefined> {
    return this.index().catch(() => undefined);
  }

  private async draw(tabId: number, url: string | undefined, about: PostsAbout | undefined): Promise<void> {
    const count = url === undefined || about === undefined ? 0 : about(url);
    if (count === 0 && !this.marked.has(tabId)) return;
    const mark = tabMark(this.outboxBadge, count, words());
    const button = toolbar();
    await Promise.all([
      // `null` gives the tab the button's own badge (the Outbox's) back.
      button.setBadgeText({ tabId, text: mark.text as string }),
      button.setTitle({ tabId, title: mark.title }),
    ]).catch(() => undefined);
    if (count > 0) this.marked.add(tabId);
    else this.marked.delete(tabId);
  }

  /** Keeps the marked tabs for the next worker, when they changed. */
  private async remember(before: readonly number[]): Promise<void> {
    if (before.length === this.marked.size && before.every((id) => this.marked.has(id))) return;
    await browser.storage.session?.set({ [MARKED_KEY]: [...this.marked] }).catch(() => undefined);
  }
}
