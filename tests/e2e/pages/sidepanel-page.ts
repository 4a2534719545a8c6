import type { Locator, Page } from '@playwright/test';

/** The side panel (`sidepanel.html`), as a user sees it: found by role and accessible name. */
export class SidePanelPage {
  constructor(readonly page: Page) {}

  get timelineTab() {
    return this.page.getByRole('tab', { name: 'Timeline' });
  }
  get outboxTab() {
    return this.page.getByRole('tab', { name: 'Outbox' });
  }
  get newPost() {
    return this.page.getByRole('textbox', { name: 'New post' });
  }
  get postButton() {
    return this.page.getByRole('button', { name: 'Post', exact: true });
  }
  get refresh() {
    return this.page.getByRole('button', { name: 'Refresh' });
  }
  get feed() {
    return this.page.getByRole('feed', { name: 'Public timeline' });
  }
  get articles() {
    return this.feed.getByRole('article');
  }
  /** The "N new posts" button. */
  get newPosts() {
    return this.page.getByRole('button', { name: /new posts?$/ });
  }

  /** The post whose text contains `text`. */
  article(text: string): Locator {
    return this.articles.filter({ hasText: text });
  }

  /** How many posts are loaded: the highest position any rendered post reports (ARIA feed). */
  async loadedCount(): Promise<number> {
    const positions = await this.articles.evaluateAll((els) =>
      els.map((el) => Number(el.getAttribute('aria-posinset'))),
    );
    return Math.max(0, ...positions);
  }

  /** Scrolls the timeline to its end, as a user dragging the scroll bar down. */
  async scrollToEnd(): Promise<void> {
    await this.page.locator('.vlist').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
  }

  /** Writes a post and sends it with Ctrl+Enter. */
  async post(text: string): Promise<void> {
    await this.newPost.fill(text);
    await this.newPost.press('Control+Enter');
  }

  /** Opens the post's reply box, writes and sends a reply. */
  async reply(post: Locator, text: string): Promise<void> {
    await post.getByRole('button', { name: 'Reply', exact: true }).click();
    await post.getByRole('textbox', { name: 'Reply' }).fill(text);
    await post.getByRole('button', { name: 'Send reply' }).click();
  }

  reaction(post: Locator, label: string): Locator {
    return post.getByRole('button', { name: label, exact: true });
  }
}
