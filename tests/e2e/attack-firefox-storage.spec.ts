import type { Page } from 'puppeteer-core';
import { expect, test } from './fixtures';
import { configureInOptions, openFirefoxExtensionPage } from './support/firefox';
import { resetSandbox, sandboxEvents } from './support/link-bars';
import { startLookAlikeServer } from './support/look-alike-server';
import { scaled } from './support/time';

/** Sends a protocol message from a Firefox extension page, as the UI does. */
function sendFrom(page: Page, type: string, payload?: unknown): Promise<{ ok: boolean; data?: unknown }> {
  return page.evaluate(
    (type, payload) =>
      (
        globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean }> } } }
      ).browser.runtime.sendMessage(payload === undefined ? { type } : { type, payload }),
    type,
    payload,
  );
}

/**
 * What a compromised content process can do in Firefox, where content scripts read and write
 * `storage.local` (no `setAccessLevel` there): every key the extension ever used, and a few more,
 * rewritten to send the key and the user's voice elsewhere. Written here from an extension page:
 * `storage.local` is one area, the same values whoever writes them.
 */
async function rewriteStorageLocal(page: Page, lookAlike: string): Promise<void> {
  await page.evaluate(async (lookAlike) => {
    const local = (globalThis as unknown as { browser: { storage: { local: { set(v: unknown): Promise<void> } } } })
      .browser.storage.local;
    const kinds = [{ value: 'agree', label: 'Agree' }];
    await local.set({
      settings: {
        baseUrl: lookAlike,
        reactionKinds: kinds,
        linkPatterns: [],
        decorateAllSites: true,
        excludedHosts: [],
      },
      identity: { baseUrl: lookAlike, account: null, scopes: null, checkedAt: Date.now() },
      drafts: { texts: { post: 'Planted by the page.' }, changedAt: { post: Date.now() } },
      pendingDraft: { kind: 'post', text: 'Planted by the page.', at: Date.now() },
      quickPostDraft: 'Planted by the page.',
      apiKey: { key: 'dcp_planted_key_0000', origin: lookAlike, savedAt: 1 },
      baseUrl: lookAlike,
    });
  }, lookAlike);
}

test.describe('Firefox ESR: a content process rewriting storage.local', () => {
  test('sends the key to no other origin, and nothing the user did not write', async ({
    sandbox,
    firefox: browser,
  }) => {
    await resetSandbox(sandbox.baseUrl);
    const lookAlike = await startLookAlikeServer();
    try {
      const options = await openFirefoxExtensionPage(browser, 'options.html');
      await options.waitForSelector('h1', { timeout: scaled(15_000) });
      await configureInOptions(options, sandbox.baseUrl, sandbox.testKey, scaled(15_000));
      await rewriteStorageLocal(options, lookAlike.origin);

      // Everything that reads the address: the key check, the timeline, a drain, the side panel.
      const checked = await sendFrom(options, 'checkKey');
      expect(checked.ok).toBe(true);
      expect((await sendFrom(options, 'getTimelinePage', { limit: 5 })).ok).toBe(true);
      const settings = (await sendFrom(options, 'getSettings')) as { data: { baseUrl: string } };
      expect(settings.data.baseUrl).toBe(sandbox.baseUrl);
      // A reaction of a kind only the rewritten storage names is refused.
      expect((await sendFrom(options, 'enqueueWrite', { kind: 'reaction', postId: 'p_1', reaction: 'agree' })).ok).toBe(
        false,
      );
      const panel = await openFirefoxExtensionPage(browser, 'sidepanel.html');
      await panel.waitForSelector('article', { timeout: scaled(20_000) });
      const composer = await panel.$eval('textarea', (box) => (box as HTMLTextAreaElement).value);
      expect(composer).not.toContain('Planted');

      expect(lookAlike.seen).toEqual([]);
      expect((await sandboxEvents(sandbox.baseUrl)).filter((event) => event.type !== 'webhook.test')).toEqual([]);
    } finally {
      await lookAlike.close();
    }
  });
});
