import type { Locator, Page } from '@playwright/test';

/** The Outbox view (the side panel's "Outbox" tab), as a user sees it. */
export class OutboxPage {
  constructor(readonly page: Page) {}

  get tab() {
    return this.page.getByRole('tab', { name: 'Outbox' });
  }
  /** The Outbox section itself. */
  get view() {
    return this.page.getByRole('region', { name: 'Outbox', exact: true });
  }
  /** The pause banner at the top of the panel. */
  get banner() {
    return this.page.locator('.pause-banner');
  }
  /** A group: "Needs your decision", "Going out", "Sent". */
  group(name: 'Needs your decision' | 'Going out' | 'Sent'): Locator {
    return this.view.getByRole('region', { name: new RegExp(`^${name} \\(`) });
  }
  /** The Outbox entry whose text contains `text`. */
  item(text: string): Locator {
    return this.view.getByRole('listitem').filter({ hasText: text });
  }

  /** Shows the Outbox tab. */
  async open(): Promise<void> {
    await this.tab.click();
    await this.view.waitFor();
  }
}
