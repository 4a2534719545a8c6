import type { ElementHandle, Page } from 'puppeteer-core';
import type { ExtensionBrowser } from '../driver';
import { click, fill, find, findAll, press, role, withText } from '../driver/ui';

/** The side panel (`sidepanel.html`, in a tab as tests open it), as a user sees it. */
export class SidePanelScreen {
  constructor(readonly page: Page) {}

  static async open(ext: ExtensionBrowser): Promise<SidePanelScreen> {
    return new SidePanelScreen(await ext.open('sidepanel.html'));
  }

  static readonly timelineTab = role('tab', 'Timeline');
  static readonly outboxTab = role('tab', 'Outbox');
  static readonly thisPageTab = role('tab', 'This page');
  static readonly newPost = role('textbox', 'New post');
  static readonly postButton = role('button', 'Post', { exact: true });
  static readonly refresh = role('button', 'Refresh');
  static readonly feed = role('feed', 'Public timeline');
  /** The "N new posts" button. */
  static readonly newPosts = role('button', /new posts?$/);
  /** Every post of the timeline drawn now. */
  static readonly articles = `${role('feed', 'Public timeline')} article`;

  /** The timeline's post whose text contains `text`, once drawn. */
  article(text: string, timeout?: number): Promise<ElementHandle> {
    return withText(this.page, SidePanelScreen.articles, text, timeout);
  }

  /** The first post of the timeline, once drawn. */
  firstArticle(): Promise<ElementHandle> {
    return find(this.page, SidePanelScreen.articles);
  }

  /** How many posts are loaded: the highest position any drawn post reports (ARIA feed). */
  async loadedCount(): Promise<number> {
    const positions = await Promise.all(
      (await findAll(this.page, SidePanelScreen.articles)).map((a) =>
        a.evaluate((el) => Number(el.getAttribute('aria-posinset'))),
      ),
    );
    return Math.max(0, ...positions);
  }

  /** Scrolls the timeline to its end, as a user dragging the scroll bar down. */
  async scrollToEnd(): Promise<void> {
    await (await find(this.page, '.vlist')).evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
  }

  /** Writes a post and sends it with Ctrl+Enter. */
  async post(text: string): Promise<void> {
    await fill(this.page, SidePanelScreen.newPost, text);
    await press(this.page, 'Control+Enter');
  }

  /** Opens the post's reply box, writes and sends a reply. */
  async reply(post: ElementHandle, text: string): Promise<void> {
    await click(post, role('button', 'Reply', { exact: true }));
    await fill(post, role('textbox', 'Reply'), text);
    await click(post, role('button', 'Send reply'));
  }

  /** A reaction button of a post. */
  static reaction(label: string): string {
    return role('button', label, { exact: true });
  }
}
