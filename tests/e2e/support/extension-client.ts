import type { Page, Worker } from '@playwright/test';

/** A reply of the background, as an extension page receives it. */
export type Reply<T = unknown> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

/**
 * Sends a protocol message from an extension page, exactly as the UI does
 * (`runtime.sendMessage({type, payload})`).
 */
export function send<T = unknown>(page: Page, type: string, payload?: unknown): Promise<Reply<T>> {
  return page.evaluate(
    ([type, payload]) => {
      const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } })
        .chrome.runtime;
      return runtime.sendMessage(payload === undefined ? { type } : { type, payload }) as Promise<Reply<T>>;
    },
    [type, payload] as const,
  );
}

/** Like `send`, but throws on `{ok:false}`. */
export async function call<T = unknown>(page: Page, type: string, payload?: unknown): Promise<T> {
  const reply = await send<T>(page, type, payload);
  if (!reply.ok) throw new Error(`${type} failed: ${reply.error.code}: ${reply.error.message}`);
  return reply.data;
}

/** Configures the extension (base URL + key) through its own messages, as the options page does. */
export async function configure(page: Page, baseUrl: string, key: string): Promise<void> {
  await call(page, 'saveSettings', { baseUrl });
  await call(page, 'saveKey', { key });
}

/** An Outbox item, as far as the tests look at it. */
export interface OutboxItemView {
  id: string;
  /** The account (id) it is written as. */
  account: string;
  seq: number;
  request: { kind: string; body?: string; postId?: string; reaction?: string };
  state: { status: string; id?: string; until?: number };
}

/** Every Outbox item, oldest first (read page by page, as `listOutbox` answers newest first). */
export async function listOutbox(page: Page): Promise<OutboxItemView[]> {
  const items: OutboxItemView[] = [];
  let cursor: string | null | undefined;
  do {
    const answer = await call<{ items: OutboxItemView[]; nextCursor: string | null }>(
      page,
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
 * bare IndexedDB API in an extension context (a page or the service worker); null when absent.
 */
export function readPref(context: Page | Worker, name: string): Promise<unknown> {
  return (context as Page).evaluate(
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
