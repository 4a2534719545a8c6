import type { Page } from 'puppeteer-core';
import { waitForBars } from '../driver/bars';
import { inContentScript } from '../driver/content-script';
import { decorateSandboxSite } from '../driver/link-scripts';
import { expect, test } from '../driver/test';
import type { ExtensionBrowser } from '../driver/types';
import { find, findAll } from '../driver/ui';
import { writesOf } from '../driver/writes';
import { type LookAlikeServer, startLookAlikeServer } from '../support/look-alike-server';
import type { SandboxClient } from '../support/sandbox-client';

// A compromised content process rewriting `storage.local`: every key the extension ever used there,
// and a few more, set to send the key and the user's voice elsewhere. Firefox has no
// `setAccessLevel`: its content scripts read and write storage.local, so the attack is made from our
// content script. Chrome keeps storage.local from content scripts (the background's
// `setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' })`): there the content script is refused.

const PLANTED = 'Planted by the page.';

/** What the attacker writes to storage.local (self-contained: sent as source to our content script). */
async function plant(lookAlike: string, text: string): Promise<string> {
  const api = ((globalThis as unknown as { browser?: unknown }).browser ??
    (globalThis as unknown as { chrome: unknown }).chrome) as {
    storage: { local: { set(values: object): Promise<void> } };
  };
  const now = Date.now();
  try {
    await api.storage.local.set({
      settings: {
        baseUrl: lookAlike,
        reactionKinds: [{ value: 'agree', label: 'Agree' }],
        linkPatterns: [],
        decorateAllSites: true,
        excludedHosts: [],
      },
      identity: { baseUrl: lookAlike, account: null, scopes: null, checkedAt: now },
      drafts: { texts: { post: text }, changedAt: { post: now } },
      pendingDraft: { kind: 'post', text, at: now },
      quickPostDraft: text,
      apiKey: { key: 'dcp_planted_key_0000', origin: lookAlike, savedAt: 1 },
      baseUrl: lookAlike,
    });
    return 'written';
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}

/** storage.local as the extension's own pages see it. */
function storageLocal(ext: ExtensionBrowser): Promise<Record<string, unknown>> {
  return ext.inExtension(() => {
    const api = ((globalThis as unknown as { browser?: unknown }).browser ??
      (globalThis as unknown as { chrome: unknown }).chrome) as {
      storage: { local: { get(keys: null): Promise<Record<string, unknown>> } };
    };
    return api.storage.local.get(null);
  });
}

/**
 * The attack from our content script in a tab of the platform's site: Firefox lets it write,
 * Chrome refuses it. Resolves once what it wrote (if anything) is in storage.local.
 */
async function attackFromContentScript(
  ext: ExtensionBrowser,
  control: SandboxClient,
  lookAlike: string,
): Promise<void> {
  const page = await ext.openTab(`${control.baseUrl}/`);
  await waitForBars(ext, page, 1, 'the bars (our content script in the tab)');
  const outcome = await inContentScript(ext, page, plant, lookAlike, PLANTED);
  if (ext.engine === 'firefox') {
    expect(outcome).toBe('written');
    expect(await storageLocal(ext)).toMatchObject({ baseUrl: lookAlike, quickPostDraft: PLANTED });
  } else {
    expect(outcome).toBe('refused: Access to storage is not allowed from this context.');
    expect(await storageLocal(ext)).toEqual({});
  }
}

/** The side panel's composers (opened as a tab) once its timeline is there: none holds planted words. */
async function panelComposers(ext: ExtensionBrowser): Promise<string[]> {
  const panel: Page = await ext.open('sidepanel.html');
  await find(panel, 'article');
  const boxes = await findAll(panel, 'textarea');
  expect(boxes.length).toBeGreaterThan(0);
  return Promise.all(boxes.map((box) => box.evaluate((el) => (el as HTMLTextAreaElement).value)));
}

/** Everything that reads the address, the kinds or the drafts goes where the user set it, with what the user wrote. */
async function expectNothingFollowsTheRewrite(
  ext: ExtensionBrowser,
  control: SandboxClient,
  lookAlike: LookAlikeServer,
  account: string,
): Promise<void> {
  // The key check, the timeline, the settings: the platform's address, the user's key.
  expect((await ext.send('checkKey')).ok).toBe(true);
  expect((await ext.send('getTimelinePage', { limit: 5 })).ok).toBe(true);
  expect((await ext.call<{ baseUrl: string }>('getSettings')).baseUrl).toBe(control.baseUrl);
  // A reaction of a kind only the rewritten storage names is refused.
  expect((await ext.send('enqueueWrite', { kind: 'reaction', postId: 'p_1', reaction: 'agree' })).ok).toBe(false);
  for (const text of await panelComposers(ext)) expect(text).not.toContain('Planted');
  expect(lookAlike.seen).toEqual([]);
  expect(await writesOf(control, account)).toEqual([]);
}

/** The attack against a decorated site's account, `between` it and the checks, with a look-alike listening. */
async function attackThenCheck(
  ext: ExtensionBrowser,
  control: SandboxClient,
  between: () => Promise<void>,
): Promise<void> {
  const { account } = await decorateSandboxSite(ext, control);
  const lookAlike = await startLookAlikeServer();
  try {
    await attackFromContentScript(ext, control, lookAlike.origin);
    await between();
    await expectNothingFollowsTheRewrite(ext, control, lookAlike, account);
  } finally {
    await lookAlike.close();
  }
}

test('a content process rewriting storage.local sends the key to no other origin, and nothing the user did not write', async ({
  ext,
  control,
}) => {
  await attackThenCheck(ext, control, async () => {});
});

test('a content process rewriting storage.local: after a browser restart, nothing planted is taken up', async ({
  ext,
  control,
}) => {
  // The background starts again, as at every browser start (Firefox's background page, Chrome's worker).
  await attackThenCheck(ext, control, () => ext.restart());
});
