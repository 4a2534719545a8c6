import type { Page } from '@playwright/test';

/** The options page, as a user sees it: found by role and accessible name. */
export class OptionsPage {
  constructor(readonly page: Page) {}

  get baseUrl() {
    return this.page.getByRole('textbox', { name: 'API base URL' });
  }
  get apiKey() {
    return this.page.getByRole('textbox', { name: 'API key' });
  }
  get save() {
    return this.page.getByRole('button', { name: 'Save' });
  }
  get checkKey() {
    return this.page.getByRole('button', { name: 'Check key' });
  }
  get feedback() {
    return this.page.getByRole('status');
  }

  /** Sets base URL and key, then saves. */
  async configure(baseUrl: string, key: string): Promise<void> {
    await this.baseUrl.fill(baseUrl);
    await this.apiKey.fill(key);
    await this.save.click();
  }
}
