import type { ElementHandle, Page } from 'puppeteer-core';
import { click, find, findAll, role, until } from '../driver/ui';

/** The Outbox view (the side panel's "Outbox" tab), as a user sees it. */
export class OutboxScreen {
  constructor(readonly page: Page) {}

  static readonly tab = role('tab', 'Outbox');
  /** The Outbox section itself. */
  static readonly view = role('region', 'Outbox', { exact: true });
  /** The pause banner at the top of the panel. */
  static readonly banner = '.pause-banner';
  /** A group: "Needs your decision", "Going out", "Sent". */
  static group(name: 'Needs your decision' | 'Going out' | 'Sent'): string {
    return `${OutboxScreen.view} ${role('region', new RegExp(`^${name} \\(`))}`;
  }

  /** Shows the Outbox tab. */
  async open(): Promise<void> {
    await click(this.page, OutboxScreen.tab);
    await find(this.page, OutboxScreen.view);
  }

  /** The Outbox entry whose text contains `text` and whose visible text matches `state`, once there. */
  item(text: string, state: RegExp = /./, timeout?: number): Promise<ElementHandle> {
    return until(
      async () => {
        for (const li of await findAll(this.page, `${OutboxScreen.view} li.outbox-entry`)) {
          const shown = await li.evaluate((el) => (el as HTMLElement).innerText);
          if (shown.includes(text) && state.test(shown)) return li;
        }
        return undefined;
      },
      `the Outbox entry "${text}" matching ${state}`,
      timeout,
    );
  }

  /** How many Outbox entries contain `text`. */
  async count(text: string): Promise<number> {
    const entries = await findAll(this.page, `${OutboxScreen.view} li.outbox-entry`);
    const texts = await Promise.all(entries.map((li) => li.evaluate((el) => el.textContent ?? '')));
    return texts.filter((shown) => shown.includes(text)).length;
  }
}
