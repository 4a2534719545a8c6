import type { Page } from 'puppeteer-core';
import { click, fill, role } from '../driver/ui';

/** The welcome page a first install opens, as a user sees it. */
export class WelcomeScreen {
  constructor(readonly page: Page) {}

  /** The account card ("Connect your account", then "Your account"). */
  static readonly card = 'section[aria-labelledby="connect-title"]';
  /** The card's one live line ("Key works", "Key not accepted by the platform"). */
  static readonly keyLine = `${WelcomeScreen.card} [role="status"]`;
  static readonly baseUrl = role('textbox', 'API base URL');
  static readonly apiKey = role('textbox', 'API key');
  /** The key field once an account exists whose key was not accepted. */
  static readonly replacementKey = role('textbox', 'A key for this account');
  static readonly saveAndCheck = role('button', 'Save and check the key');

  /** Types the key into `field` and saves it, as a user does. */
  async saveKey(field: string, key: string): Promise<void> {
    await fill(this.page, field, key);
    await click(this.page, WelcomeScreen.saveAndCheck);
  }
}
