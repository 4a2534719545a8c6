import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { findBars, waitFor } from './support/closed-shadow';
import { listOutbox } from './support/extension-client';
import { decoratedSitePage } from './support/link-bars';

/**
 * Everything our content script can reach, read from inside its own isolated world: the
 * extension's storage areas, the page origin's IndexedDB, localStorage and caches, and what it may
 * ask the background. Runs as the content script runs (CDP `Runtime.evaluate` in the execution
 * context Chrome created for the extension's isolated world).
 */
const PROBE = `(async () => {
  const found = {};
  const attempt = async (name, read) => {
    try { found[name] = JSON.stringify(await read()); } catch (error) { found[name] = 'refused: ' + (error && error.message); }
  };
  found.runtimeId = chrome.runtime.id;
  found.ourWorld = typeof globalThis.__debateCompanionLinkHandoff;
  found.handoffConfig = JSON.stringify(globalThis.__debateCompanionLinkHandoff && globalThis.__debateCompanionLinkHandoff.config);
  await attempt('storage.local', () => chrome.storage.local.get(null));
  await attempt('storage.session', () => chrome.storage.session.get(null));
  await attempt('storage.sync', () => chrome.storage.sync.get(null));
  await attempt('indexedDB', () => new Promise((resolve, reject) => {
    const open = indexedDB.open('debate-companion');
    open.onerror = () => reject(open.error);
    open.onsuccess = async () => {
      const db = open.result;
      const dump = {};
      for (const store of db.objectStoreNames) {
        dump[store] = await new Promise((done) => { const all = db.transaction(store).objectStore(store).getAll(); all.onsuccess = () => done(all.result); });
      }
      resolve({ origin: location.origin, stores: [...db.objectStoreNames], dump });
    };
  }));
  await attempt('indexedDB.databases', () => indexedDB.databases());
  await attempt('localStorage', () => ({ ...localStorage }));
  await attempt('caches', async () => {
    const out = {};
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    return out;
  });
  for (const type of ['getStatus', 'getSettings', 'checkKey', 'listOutbox', 'getLinkConfig']) {
    await attempt('message ' + type, () => chrome.runtime.sendMessage({ type }));
  }
  return found;
})()`;

/**
 * The sandbox website with bars up, and the execution contexts of our content script's isolated
 * world in it (where a compromised renderer runs as our content script does).
 */
async function ourIsolatedWorlds(
  context: BrowserContext,
  extensionPage: (path: string) => Promise<Page>,
  sandbox: { baseUrl: string; testKey: string },
) {
  const { page, cdp } = await decoratedSitePage(context, extensionPage, sandbox.baseUrl, sandbox.testKey);
  const contexts: { id: number; name: string; auxData?: { type?: string } }[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context: created }) => contexts.push(created));
  await cdp.send('Runtime.enable');
  await page.goto(`${sandbox.baseUrl}/`);
  // The bars are up: the link script and the bar script have both run in this frame.
  await waitFor(async () => ((await findBars(cdp)).length > 0 ? true : undefined), 'the bars');
  const isolated = contexts.filter((c) => c.auxData?.type === 'isolated' && c.name === 'Debate Companion');
  expect(isolated.length).toBeGreaterThan(0);
  return { cdp, isolated };
}

test('the content script cannot read the API key from any storage it can reach', async ({
  context,
  sandbox,
  extensionPage,
}) => {
  const { cdp, isolated } = await ourIsolatedWorlds(context, extensionPage, sandbox);

  for (const world of isolated) {
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression: PROBE,
      contextId: world.id,
      awaitPromise: true,
      returnByValue: true,
    });
    expect(exceptionDetails).toBeUndefined();
    const found = result.value as Record<string, string>;
    // It is our content script's world (it sees the link script's handoff), on the page's origin.
    expect(found.ourWorld).toBe('object');
    expect(found.runtimeId).toBe(new URL(context.serviceWorkers()[0]?.url() ?? '').host);
    expect(found.indexedDB).toContain(`"origin":"${sandbox.baseUrl}"`);
    expect(found.indexedDB).toContain('"stores":[]');
    // Chrome keeps storage.local and storage.session away from content scripts (setAccessLevel).
    expect(found['storage.local']).toMatch(/^refused/);
    expect(found['storage.session']).toMatch(/^refused/);
    expect(found['message getStatus']).toContain('"code":"forbidden"');
    expect(found['message checkKey']).toContain('"code":"forbidden"');
    const everything = JSON.stringify(found);
    expect(everything).not.toContain(sandbox.testKey);
    expect(everything).not.toContain(sandbox.testKey.slice(4, 20));
  }
});

// A compromised renderer can send whatever our content script can: a reaction kind the user never
// configured is refused in words, and nothing is queued.
test('a content script asking for a reaction kind the user never configured is refused', async ({
  context,
  sandbox,
  extensionPage,
}) => {
  const { cdp, isolated } = await ourIsolatedWorlds(context, extensionPage, sandbox);
  const [world] = isolated;
  const react = async (reaction: string) => {
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: `chrome.runtime.sendMessage({ type: 'reactToPost', payload: { postId: 'p_probe', reaction: ${JSON.stringify(reaction)} } })`,
      contextId: world?.id,
      awaitPromise: true,
      returnByValue: true,
    });
    return result.value as { ok: boolean; error?: { code: string; message: string } };
  };
  for (const kind of ['agree', 'constructor', 'well_sourced_2']) {
    const reply = await react(kind);
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(reply.error?.message).toContain('is not one of your reaction kinds');
  }
  const options = await extensionPage('options.html');
  const items = await listOutbox(options);
  expect(items.filter((item) => item.request.postId === 'p_probe')).toEqual([]);
  // The configured kind is still accepted from the same world.
  expect(await react('well_sourced')).toMatchObject({ ok: true });
});
