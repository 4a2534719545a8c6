import type { Page } from 'puppeteer-core';
import { waitForBars } from '../driver/bars';
import { contentScriptRan, inContentScript } from '../driver/content-script';
import { listOutbox } from '../driver/extension';
import { decorateSandboxSite } from '../driver/link-scripts';
import { expect, test } from '../driver/test';
import type { ExtensionBrowser } from '../driver/types';

// What our content script can reach, read from inside it (driver/content-script.ts: Chromium's
// isolated world, Firefox's content-script sandbox): where a compromised renderer runs as our
// content script does.

/**
 * Everything the content script can reach: the extension's storage areas, the page origin's
 * IndexedDB, localStorage and caches, and what it may ask the background. Each read is recorded as
 * its JSON, or `refused: …`. Self-contained (sent as source).
 */
async function probe(): Promise<Record<string, string>> {
  type Area = { get(keys: null): Promise<unknown> };
  const api = ((globalThis as unknown as { browser?: unknown }).browser ??
    (globalThis as unknown as { chrome: unknown }).chrome) as {
    runtime: { id: string; sendMessage(message: unknown): Promise<unknown> };
    storage: { local?: Area; session?: Area; sync?: Area };
  };
  const found: Record<string, string> = {};
  const attempt = async (name: string, read: () => unknown) => {
    try {
      found[name] = JSON.stringify(await read());
    } catch (error) {
      found[name] = `refused: ${(error as Error)?.message}`;
    }
  };
  const handoff = (globalThis as unknown as { __debateCompanionLinkHandoff?: { config?: unknown } })
    .__debateCompanionLinkHandoff;
  found.runtimeId = api.runtime.id;
  found.ourWorld = typeof handoff;
  found.handoffConfig = JSON.stringify(handoff?.config);
  for (const area of ['local', 'session', 'sync'] as const) {
    await attempt(`storage.${area}`, () => {
      const store = api.storage[area];
      if (store === undefined) throw new Error(`storage.${area} is not there`);
      return store.get(null);
    });
  }
  await attempt(
    'indexedDB',
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('debate-companion');
        open.onerror = () => reject(open.error);
        open.onsuccess = async () => {
          const db = open.result;
          const dump: Record<string, unknown> = {};
          for (const store of db.objectStoreNames) {
            dump[store] = await new Promise((done) => {
              const all = db.transaction(store).objectStore(store).getAll();
              all.onsuccess = () => done(all.result);
            });
          }
          resolve({ origin: location.origin, stores: [...db.objectStoreNames], dump });
          db.close();
        };
      }),
  );
  await attempt('indexedDB.databases', () => indexedDB.databases());
  await attempt('localStorage', () => ({ ...localStorage }));
  await attempt('caches', async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    return out;
  });
  for (const type of ['getStatus', 'getSettings', 'checkKey', 'listOutbox', 'getLinkConfig']) {
    await attempt(`message ${type}`, () => api.runtime.sendMessage({ type }));
  }
  return found;
}

/** Asks the background for a reaction from inside our content script, as a compromised renderer could. */
function reactFromContentScript(
  ext: ExtensionBrowser,
  page: Page,
  reaction: string,
): Promise<{ ok: boolean; error?: { code: string; message: string } }> {
  return inContentScript(
    ext,
    page,
    (reaction: string) => {
      const api = ((globalThis as unknown as { browser?: unknown }).browser ??
        (globalThis as unknown as { chrome: unknown }).chrome) as {
        runtime: { sendMessage(message: unknown): Promise<{ ok: boolean; error?: { code: string; message: string } }> };
      };
      return api.runtime.sendMessage({ type: 'reactToPost', payload: { postId: 'p_probe', reaction } });
    },
    reaction,
  );
}

/** The sandbox's site with its bars up: the link script and the bar script have both run in the tab. */
async function siteWithBars(ext: ExtensionBrowser, baseUrl: string): Promise<Page> {
  const page = await ext.openTab(`${baseUrl}/`);
  await waitForBars(ext, page, 1, 'the bars');
  expect(await contentScriptRan(ext, page)).toBe(true);
  return page;
}

test('the content script cannot read the API key from any storage it can reach', async ({ ext, control }) => {
  const { key } = await decorateSandboxSite(ext, control);
  const page = await siteWithBars(ext, control.baseUrl);
  const found = await inContentScript(ext, page, probe);

  // It is our content script's world (it sees the link script's handoff), on the page's origin.
  expect(found.ourWorld).toBe('object');
  const ourId = await ext.inExtension(
    () =>
      (
        ((globalThis as unknown as { browser?: unknown }).browser ??
          (globalThis as unknown as { chrome: unknown }).chrome) as { runtime: { id: string } }
      ).runtime.id,
  );
  expect(found.runtimeId).toBe(ourId);
  expect(found.indexedDB).toContain(`"origin":"${control.baseUrl}"`);
  expect(found.indexedDB).toContain('"stores":[]');
  if (ext.engine === 'firefox') {
    // Firefox has no `setAccessLevel`: a content script reads (and writes) storage.local. So nothing
    // of ours is kept there (lib/storage/prefs.ts): it is empty, the key is in the extension's IndexedDB.
    expect(found['storage.local']).toBe('{}');
  } else {
    // Chrome keeps storage.local away from content scripts (the background's setAccessLevel), and
    // storage.sync too: a page's world could otherwise plant records the user's other browsers read.
    expect(found['storage.local']).toMatch(/^refused/);
    expect(found['storage.sync']).toMatch(/^refused/);
  }
  // storage.session: Chrome keeps it from content scripts by default; Firefox ESR gives them none.
  expect(found['storage.session']).toMatch(/^refused/);
  expect(found['message getStatus']).toContain('"code":"forbidden"');
  expect(found['message checkKey']).toContain('"code":"forbidden"');
  const everything = JSON.stringify(found);
  expect(everything).not.toContain(key);
  expect(everything).not.toContain(key.slice(4, 20));
});

// A compromised renderer can send whatever our content script can: a reaction kind the user never
// configured is refused in words, and nothing is queued.
test('a content script asking for a reaction kind the user never configured is refused', async ({ ext, control }) => {
  await decorateSandboxSite(ext, control);
  const page = await siteWithBars(ext, control.baseUrl);
  for (const kind of ['agree', 'constructor', 'well_sourced_2']) {
    const reply = await reactFromContentScript(ext, page, kind);
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(reply.error?.message).toContain('is not one of your reaction kinds');
  }
  expect((await listOutbox(ext)).filter((item) => item.request.postId === 'p_probe')).toEqual([]);
  // The configured kind is still accepted from the same world.
  expect(await reactFromContentScript(ext, page, 'well_sourced')).toMatchObject({ ok: true });
});
