import type { Page } from 'puppeteer-core';
import type { ExtensionBrowser } from '../driver';
import { click, fill, role, waitForText } from '../driver/ui';

/** The options page, as a user sees it: found by role and accessible name. */
export class OptionsScreen {
  constructor(readonly page: Page) {}

  static async open(ext: ExtensionBrowser): Promise<OptionsScreen> {
    return new OptionsScreen(await ext.open('options.html'));
  }

  static readonly baseUrl = role('textbox', 'API base URL');
  static readonly apiKey = role('textbox', 'API key');
  static readonly save = role('button', 'Save', { exact: true });
  static readonly checkKey = role('button', 'Check key');
  static readonly addReaction = role('button', 'Add reaction');
  /** The connection form's own feedback line (other sections have theirs). */
  static readonly feedback = `${role('form', 'Connection')} [role="status"]`;
  /** A reaction kind's textboxes, 1-based, as the editor names them. */
  static reactionValue(n: number): string {
    return role('textbox', `Value of reaction ${n}`, { exact: true });
  }
  static reactionLabel(n: number): string {
    return role('textbox', `Label of reaction ${n}`, { exact: true });
  }

  /** Sets base URL and key and saves, as a user does (the click lets the page ask for the API's origin). */
  async configure(baseUrl: string, key: string): Promise<void> {
    await fill(this.page, OptionsScreen.baseUrl, baseUrl);
    await fill(this.page, OptionsScreen.apiKey, key);
    await click(this.page, OptionsScreen.save);
    await waitForText(this.page, 'Saved.', { selector: OptionsScreen.feedback });
  }
}
