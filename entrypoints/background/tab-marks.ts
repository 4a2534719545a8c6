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
export class TabMarks {
  /** Tabs drawn with a mark or a title of their own (given back to the button's when it goes). */
  private readonly marked = new Set<number>();
  private outboxBadge = '';

  constructor(private readonly postsAbout: (url: string) => Promise<number>) {}

  /** The Outbox's badge text now: marked tabs follow it (it keeps priority). */
  async outboxChanged(badge: string): Promise<void> {
    if (badge === this.outboxBadge) return;
    this.outboxBadge = badge;
    if (this.marked.size > 0) await this.all();
  }

  /** One tab, at its address now. */
  async tab(tabId: number, url: string | undefined): Promise<void> {
    const count = url === undefined ? 0 : await this.postsAbout(url).catch(() => 0);
    const mark = tabMark(this.outboxBadge, count, words());
    if (count === 0 && !this.marked.has(tabId)) return;
    const button = toolbar();
    await Promise.all([
      // `null` gives the tab the button's own badge (the Outbox's) back.
      button.setBadgeText({ tabId, text: mark.text as string }),
      button.setTitle({ tabId, title: mark.title }),
    ]).catch(() => undefined);
    if (count > 0) this.marked.add(tabId);
    else this.marked.delete(tabId);
  }

  /**
   * Every tab: after posts were read, when the permission came or went, and at the worker's start
   * (`fresh`: the posts read were in the last worker's memory, and its marks are still drawn).
   */
  async all(fresh = false): Promise<void> {
    const granted = await hasTabs();
    const tabs = granted || fresh ? await browser.tabs.query({}).catch(() => []) : [];
    if (fresh) for (const tab of tabs) if (tab.id !== undefined) this.marked.add(tab.id);
    if (!granted) {
      await Promise.all([...this.marked].map((tabId) => this.tab(tabId, undefined)));
      return;
    }
    await Promise.all(tabs.map((tab) => (tab.id === undefined ? undefined : this.tab(tab.id, tab.url))));
  }

  /** A closed tab's drawing goes with it. */
  forget(tabId: number): void {
    this.marked.delete(tabId);
  }
}
