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
 * The newest 429 the Outbox stored as heard (an account's `rateLimitedBy`, not a lost answer), read
 * without waking the worker: when it was stored, and until when its account waits (epoch ms); 0s when none.
 */
export async function lastRefusal(page: Page): Promise<{ at: number; until: number }> {
  const states = (await storedRecords(page, 'accounts')) as {
    rateLimitedBy?: { at: number; lost?: boolean };
    rateLimitedUntil?: number;
  }[];
  const heard = states.filter((state) => state.rateLimitedBy !== undefined && state.rateLimitedBy.lost !== true);
  const newest = heard.sort((a, b) => (b.rateLimitedBy?.at ?? 0) - (a.rateLimitedBy?.at ?? 0))[0];
  return { at: newest?.rateLimitedBy?.at ?? 0, until: newest?.rateLimitedUntil ?? 0 };
}

/** The newest time (epoch ms) the Outbox stored a 429 it heard; 0 when none. */
export async function lastStoredRefusal(page: Page): Promise<number> {
  return (await lastRefusal(page)).at;
}

/**
 * True when the Outbox will start no send for at least `marginMs`, read without waking the worker:
 * nothing is `sending`, and its account waits (a 429's time, or the head write paced to a later
 * time) until at least `marginMs` from now. "Nothing is sending" alone is not enough: the worker may
 * mark the next write `sending` between that read and the stop, and a stop there loses its answer.
 */
export async function quietFor(page: Page, marginMs: number): Promise<boolean> {
  const items = (await storedRecords(page, 'outbox')) as { seq: number; state: { status: string; until?: number } }[];
  const accounts = (await storedRecords(page, 'accounts')) as { rateLimitedUntil?: number }[];
  if (items.some((item) => item.state.status === 'sending')) return false;
  const from = Date.now() + marginMs;
  if (accounts.some((state) => (state.rateLimitedUntil ?? 0) > from)) return true;
  const head = items
    .filter((item) => item.state.status === 'queued' || item.state.status === 'waiting')
    .sort((a, b) => a.seq - b.seq)[0];
  return head?.state.status === 'waiting' && (head.state.until ?? 0) > from;
}
