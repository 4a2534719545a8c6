import type { Page } from 'puppeteer-core';
import { OutboxScreen } from '../screens/outbox';
import { listOutbox } from './extension';
import type { ExtensionBrowser } from './types';
import { find, role, until } from './ui';

/**
 * What the Outbox flows share (tests/e2e/flows/outbox*.spec.ts): the group an Outbox shows by its
 * full accessible name ("Sent (4)"), and the wait for a write's state as the background keeps it.
 */

/** Waits until the Outbox shows the group named exactly `name` ("Sent (4)", "Needs your decision (2)"). */
export async function waitForGroup(page: Page, name: string, timeout?: number): Promise<void> {
  await find(page, `${OutboxScreen.view} ${role('region', name, { exact: true })}`, timeout);
}

/**
 * Discards every write still waiting (a test's last write may wait for a key or a budget): the next
 * test of a file that shares the browser starts with none of them going out under it.
 */
export async function discardWaiting(ext: ExtensionBrowser): Promise<void> {
  for (const item of await listOutbox(ext)) {
    if (['queued', 'waiting'].includes(item.state.status)) await ext.send('discardItem', { id: item.id });
  }
}

/** Waits until the element `selector` finds in `page` has the focus. */
export async function waitForFocus(page: Page, selector: string): Promise<void> {
  await until(
    async () =>
      (await (await find(page, selector)).evaluate((el) => el === document.activeElement)) ? true : undefined,
    `the focus on ${selector}`,
  );
}

/** Waits until the Outbox item `id` is in `status` (read through the extension's messages). */
export async function waitForStatus(
  ext: ExtensionBrowser,
  id: string,
  status: string,
  timeout?: number,
): Promise<void> {
  await until(
    async () => ((await listOutbox(ext)).find((item) => item.id === id)?.state.status === status ? true : undefined),
    `the write ${id} ${status}`,
    timeout,
  );
}
