import type { Page } from 'puppeteer-core';
import type { SandboxClient } from '../support/sandbox-client';
import type { ExtensionBrowser } from './types';

/** The scopes a user who reads, writes and reacts has. */
export const USER_SCOPES = ['posts:read', 'posts:write', 'reactions:write'];

/** Configures the extension (base URL + key) through its own messages, as the options page does. */
export async function configure(ext: ExtensionBrowser, baseUrl: string, key: string): Promise<void> {
  await ext.call('saveSettings', { baseUrl });
  await ext.call('saveKey', { key });
}

/**
 * A new account on the sandbox (its own key, so its budget and writes are the test's alone), with the
 * extension configured for it through its messages.
 */
export async function newAccount(
  ext: ExtensionBrowser,
  control: SandboxClient,
  scopes: string[] = USER_SCOPES,
): Promise<{ key: string; account: string }> {
  const created = await control.newKey(scopes);
  await configure(ext, control.baseUrl, created.key);
  return created;
}

/**
 * A new account the platform names (`displayName`, handle `robin_…`: what "as …" lines show once the
 * key check knows it), configured and its key checked.
 */
export async function newNamedAccount(
  ext: ExtensionBrowser,
  control: SandboxClient,
  displayName = 'Robin Reader',
): Promise<{ key: string; account: string }> {
  const created = await control.control<{ key: string; account: string }>('POST', '/keys', {
    scopes: USER_SCOPES,
    displayName,
    handle: `robin_${Date.now().toString(36)}`,
  });
  await configure(ext, control.baseUrl, created.key);
  await ext.call('checkKey');
  return created;
}

/** An Outbox item, as far as the tests look at it. */
export interface OutboxItemView {
  id: string;
  /** The account (id) it is written as. */
  account: string;
  seq: number;
  request: { kind: string; body?: string; postId?: string; reaction?: string };
  state: { status: string; id?: string; until?: number };
  /** A scheduled write that went: the time chosen, and when it went. */
  scheduled?: { sendAt: number; wentAt: number };
}

/** Every Outbox item, oldest first (read page by page, as `listOutbox` answers newest first). */
export async function listOutbox(ext: ExtensionBrowser): Promise<OutboxItemView[]> {
  const items: OutboxItemView[] = [];
  let cursor: string | null | undefined;
  do {
    const answer = await ext.call<{ items: OutboxItemView[]; nextCursor: string | null }>(
      'listOutbox',
      cursor === undefined ? { limit: 200 } : { cursor, limit: 200 },
    );
    items.push(...answer.items);
    cursor = answer.nextCursor;
  } while (cursor !== null);
  return items.sort((a, b) => a.seq - b.seq);
}

/**
 * One value of the extension's prefs store (settings, drafts: lib/storage/prefs.ts), read with the
 * bare IndexedDB API in an extension page; null when absent.
 */
export function readPref(page: Page, name: string): Promise<unknown> {
  return page.evaluate(
    (name: string) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('debate-companion');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('prefs')) return resolve(null);
          const get = db.transaction('prefs').objectStore('prefs').get(name);
          get.onsuccess = () => {
            resolve(get.result ?? null);
            db.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
    name,
  );
}
