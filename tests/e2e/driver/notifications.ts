import { GECKO_ID } from '../../../wxt.config';
import { ChromiumExtension } from './chromium';
import { inBrowserWindow } from './firefox-chrome';
import type { ExtensionBrowser } from './types';

/**
 * The system notifications the extension shows, seen from one of its pages in both browsers, and a
 * write made to look asked for long ago (what a "sent after a wait" notification is about).
 *
 * Neither headless browser keeps a notification on screen: Chromium closes one after about 8 s,
 * Firefox's alerts service has no window to show it in and closes it at once. So a watcher notes
 * both what `notifications.getAll` lists (read every 100 ms) and every `onClosed`: each notification
 * shown is seen by its id, however short its life.
 */

interface NotificationsApi {
  getAll(): Promise<Record<string, unknown>>;
  onClosed: { addListener(listener: (id: string) => void): void };
}

/** The watcher's state in the extension page it runs in. */
interface NoticeWatch {
  /** Ids seen since the watch (re)started. */
  seen: Set<string>;
  /** Ids on screen when it started: not news (until they close). */
  before: Set<string>;
}

/**
 * Starts noting, from now, every notification the extension shows (in the driver's extension page;
 * a watch started before in that page starts again from now). A browser restart or a background
 * restarted by `askedEarlier` in Firefox takes the page: watch again after it.
 */
export async function watchNotices(ext: ExtensionBrowser): Promise<void> {
  await ext.inExtension(async () => {
    const scope = globalThis as unknown as { browser?: unknown; chrome?: unknown; noticeWatch?: NoticeWatch };
    const { notifications } = (scope.browser ?? scope.chrome) as { notifications?: NotificationsApi };
    if (notifications === undefined) throw new Error('No notifications API: the permission is not granted');
    const started = scope.noticeWatch === undefined;
    scope.noticeWatch = { seen: new Set(), before: new Set(Object.keys(await notifications.getAll())) };
    if (!started) return;
    const watch = () => scope.noticeWatch as NoticeWatch;
    notifications.onClosed.addListener((id) => {
      if (!watch().before.delete(id)) watch().seen.add(id);
    });
    setInterval(async () => {
      for (const id of Object.keys(await notifications.getAll())) if (!watch().before.has(id)) watch().seen.add(id);
    }, 100);
  });
}

/** The ids of every notification seen since `watchNotices`. */
export function seenNotices(ext: ExtensionBrowser): Promise<string[]> {
  return ext.inExtension(() => {
    const watch = (globalThis as unknown as { noticeWatch?: NoticeWatch }).noticeWatch;
    if (watch === undefined) throw new Error('No notices watched in this page: watchNotices first');
    return [...watch.seen];
  });
}

/**
 * Moves a queued write's `createdAt` back by `ms` in the extension's IndexedDB while its background
 * is not running, as if the user had asked for it that much earlier (say, before the browser was
 * closed); the background's next start loads it so. Close the extension's pages first (but the
 * driver's own): an open one may wake the background in between.
 *
 * - Chromium: the service worker is stopped and the record changed from an extension tab without
 *   script (which wakes nothing); stopped again after, in case something woke it in between.
 * - Firefox keeps its background page running: the add-on is disabled (its page and tabs go), the
 *   record changed with the extension's principal from Firefox's own window, and the browser
 *   restarted on the same profile (the add-on comes back enabled).
 */
export async function askedEarlier(ext: ExtensionBrowser, itemId: string, ms: number): Promise<void> {
  if (ext instanceof ChromiumExtension) {
    const stopper = await ext.workerStopper();
    try {
      await stopper.stop();
      await stopper.page.evaluate(
        (id: string, by: number) =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('debate-companion');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const db = open.result;
              const store = db.transaction('outbox', 'readwrite').objectStore('outbox');
              const get = store.get(id);
              get.onsuccess = () => {
                const item = get.result as { createdAt: number; state: { status: string } } | undefined;
                if (item?.state.status !== 'queued') {
                  reject(new Error(`The write is ${item?.state.status ?? 'gone'}, not queued`));
                  return;
                }
                item.createdAt -= by;
                store.put(item).onsuccess = () => {
                  db.close();
                  resolve();
                };
              };
            };
          }),
        itemId,
        ms,
      );
      await stopper.stop();
    } finally {
      await stopper.close();
    }
    return;
  }
  const status = await inBrowserWindow<string>(
    ext.browser,
    `(async () => {
      const { AddonManager } = ChromeUtils.importESModule('resource://gre/modules/AddonManager.sys.mjs');
      const addon = await AddonManager.getAddonByID(${JSON.stringify(GECKO_ID)});
      await addon.disable();
      const origin = Services.io.newURI(${JSON.stringify(`${ext.origin}/`)});
      const principal = Services.scriptSecurityManager.createContentPrincipal(origin, {});
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.openForPrincipal(principal, 'debate-companion');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        return await new Promise((resolve, reject) => {
          const store = db.transaction('outbox', 'readwrite').objectStore('outbox');
          const get = store.get(${JSON.stringify(itemId)});
          get.onerror = () => reject(get.error);
          get.onsuccess = () => {
            const item = get.result;
            if (item?.state.status !== 'queued') return resolve(item?.state.status ?? 'gone');
            item.createdAt -= ${ms};
            const put = store.put(item);
            put.onerror = () => reject(put.error);
            put.onsuccess = () => resolve('queued');
          };
        });
      } finally {
        db.close();
      }
    })()`,
  );
  await ext.restart();
  if (status !== 'queued') throw new Error(`The write is ${status}, not queued`);
}
