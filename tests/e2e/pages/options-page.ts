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
    return this.page.getByRole('button', { name: 'Save', exact: true });
  }
  get checkKey() {
    return this.page.getByRole('button', { name: 'Check key' });
  }
  /** The connection form's own feedback line (other sections have theirs). */
  get feedback() {
    return this.page.getByRole('form', { name: 'Connection' }).getByRole('status');
  }
  /** A reaction kind's textboxes, 1-based, as the editor names them. */
  reactionValue(n: number) {
    return this.page.getByRole('textbox', { name: `Value of reaction ${n}` });
  }
  reactionLabel(n: number) {
    return this.page.getByRole('textbox', { name: `Label of reaction ${n}` });
  }
  get addReaction() {
    return this.page.getByRole('button', { name: 'Add reaction' });
  }
  /** The live line of the reaction section ("Saved.", …). */
  get reactionsSaveState() {
    return this.page.getByRole('region', { name: 'Reaction buttons' }).getByRole('status');
  }

  /** Sets base URL and key, then saves. */
  async configure(baseUrl: string, key: string): Promise<void> {
    await this.baseUrl.fill(baseUrl);
    await this.apiKey.fill(key);
    await this.save.click();
  }
}
