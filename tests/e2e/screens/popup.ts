import type { Page } from 'puppeteer-core';
import type { ExtensionBrowser } from '../driver';
import { click, fieldValue, fill, role, until, waitForText } from '../driver/ui';

/** The toolbar popup (`popup.html`, opened in a tab as tests do), as a user sees it. */
export class PopupScreen {
  constructor(readonly page: Page) {}

  static async open(ext: ExtensionBrowser): Promise<PopupScreen> {
    return new PopupScreen(await ext.open('popup.html'));
  }

  static readonly quickPost = role('textbox', 'Quick post');
  static readonly postButton = role('button', 'Post', { exact: true });
  static readonly openSidePanel = role('button', 'Open side panel');
  static readonly openOptions = role('link', 'Open options');
  /** The Outbox line: how many to send and the worst state. */
  static readonly outbox = role('region', 'Outbox');
  /** The pause banner (rate limit, disabled key, offline). */
  static readonly banner = '.pause-banner';

  /** Writes a quick post, sends it with the Post button and waits until it is queued (the box empties). */
  async post(text: string): Promise<void> {
    await fill(this.page, PopupScreen.quickPost, text);
    await click(this.page, PopupScreen.postButton);
    await waitForText(this.page, 'Queued:');
    await until(
      async () => ((await fieldValue(this.page, PopupScreen.quickPost)) === '' ? true : undefined),
      'the quick post box emptied',
    );
  }
}
