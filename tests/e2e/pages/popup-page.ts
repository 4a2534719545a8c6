import type { Page } from '@playwright/test';

/** The toolbar popup (`popup.html`, opened in a tab as tests do), as a user sees it. */
export class PopupPage {
  constructor(readonly page: Page) {}

  get quickPost() {
    return this.page.getByRole('textbox', { name: 'Quick post' });
  }
  get postButton() {
    return this.page.getByRole('button', { name: 'Post', exact: true });
  }
  get openSidePanel() {
    return this.page.getByRole('button', { name: 'Open side panel' });
  }
  get openOptions() {
    return this.page.getByRole('link', { name: 'Open options' });
  }
  /** The Outbox line: how many to send and the worst state. */
  get outbox() {
    return this.page.getByRole('region', { name: 'Outbox' });
  }
  /** The pause banner (rate limit, disabled key, offline). */
  get banner() {
    return this.page.locator('.pause-banner');
  }

  /** Writes a quick post, sends it with the Post button and waits until it is queued (the box empties). */
  async post(text: string): Promise<void> {
    await this.quickPost.fill(text);
    await this.postButton.click();
    await this.page.getByText('Queued:', { exact: false }).waitFor();
    await this.page.waitForFunction(
      () => (document.querySelector('#quick-post') as HTMLTextAreaElement | null)?.value === '',
    );
  }
}
