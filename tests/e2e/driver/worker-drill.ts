import type { Page } from 'puppeteer-core';
import { readStoreInPage } from '../support/chromium';
import type { ChromiumExtension } from './chromium';
import type { WorkerStopper } from './chromium-worker';
import type { ExtensionBrowser } from './types';

/**
 * What the Outbox drills need beyond the driver's one `stopBackground`: a stopper kept open to stop
 * Chromium's service worker within milliseconds of an event, and reads of the extension's IndexedDB
 * that do not wake the worker (no message: the bare database, read from an extension tab).
 */

/** A worker stopper kept open for many stops (Chromium only: Firefox's background page never stops). */
export function workerStopper(ext: ExtensionBrowser): Promise<WorkerStopper> {
  if (ext.engine !== 'chromium') throw new Error('Only Chromium runs the background as a service worker');
  return (ext as ChromiumExtension).workerStopper();
}

/** Every record of one of the extension's IndexedDB stores, read in the extension tab `page`; [] when absent. */
export function storedRecords(page: Page, store: 'accounts' | 'outbox'): Promise<unknown[]> {
  return page.evaluate(readStoreInPage, store);
}

/**
 * The newest time (epoch ms) the Outbox stored a 429 it heard (an account's `rateLimitedBy`, not a
 * lost answer), read without waking the worker; 0 when none.
 */
export async function lastStoredRefusal(page: Page): Promise<number> {
  const states = (await storedRecords(page, 'accounts')) as { rateLimitedBy?: { at: number; lost?: boolean } }[];
  const heard = states.filter((state) => state.rateLimitedBy !== undefined && state.rateLimitedBy.lost !== true);
  return Math.max(0, ...heard.map((state) => state.rateLimitedBy?.at ?? 0));
}

/** True while the Outbox holds a write `sending`, read without waking the worker. */
export async function isSending(page: Page): Promise<boolean> {
  const items = (await storedRecords(page, 'outbox')) as { state: { status: string } }[];
  return items.some((item) => item.state.status === 'sending');
}
