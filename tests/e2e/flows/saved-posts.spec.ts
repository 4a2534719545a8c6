import type { ElementHandle, Page } from 'puppeteer-core';
import { expectAccessible } from '../driver/axe';
import { waitForBars } from '../driver/bars';
import { contentScriptRan, inContentScript } from '../driver/content-script';
import { captureDownload } from '../driver/downloads';
import { newAccount } from '../driver/extension';
import { decorateSandboxSite } from '../driver/link-scripts';
import { screenshot } from '../driver/screenshots';
import { seedPosts } from '../driver/side-panel';
import { expect, test } from '../driver/test';
import { click, clickBehind, find, findAll, focused, press, role, uniqueTag, until, withText } from '../driver/ui';
import { SidePanelScreen } from '../screens/side-panel';
import { startThirdPartySite } from '../support/third-party-site';
import { scaled } from '../support/time';

/**
 * Saved posts (issue 31): a post saved from the timeline and one from "This page" show in the
 * Saved list newest first; one removed, the other is still there after the browser restarts, and
 * in the backup file. A content script can neither read nor change the list. Picture:
 * `test-results/screenshots/saved-posts-<browser>.png`.
 */

const SAVE = role('button', 'Save post');
const OPEN_SAVED = '#saved-open';
const SAVED_VIEW = '#panel-timeline .saved';
const SAVED_ARTICLES = `${SAVED_VIEW} article`;

/** Waits until the post's Save toggle says it is saved (or not). */
function untilPressed(post: ElementHandle, pressed: boolean): Promise<true> {
  return until(
    async () =>
      (await (await find(post, SAVE)).evaluate((el) => el.getAttribute('aria-pressed'))) === String(pressed)
        ? true
        : undefined,
    `the post's Save toggle ${pressed ? 'pressed' : 'not pressed'}`,
  );
}

/** The texts of the Saved list's posts, top to bottom, once it shows `count` of them. */
function untilSaved(page: Page, count: number): Promise<string[]> {
  return until(async () => {
    const articles = await findAll(page, SAVED_ARTICLES);
    if (articles.length !== count) return undefined;
    return Promise.all(articles.map((article) => article.evaluate((el) => el.textContent ?? '')));
  }, `${count} saved posts`);
}

// A browser restart and two axe scans: minutes on a busy machine.
test.describe.configure({ timeout: scaled(240_000) });
// "This page" reads the tab's address: granted up front, as the user's earlier "Allow" (Chromium's
// prompt cannot be answered headless).
test.use({ launch: { grantedApis: ['tabs'] } });

test('Saved posts: saved from the timeline and This page, newest first, removable, kept across a restart and in the backup', async ({
  ext,
  control,
}) => {
  const marker = uniqueTag();
  const site = await startThirdPartySite({ '/news/saved': '<!doctype html><html lang="en"><title>x</title></html>' });
  try {
    const target = `${site.origin}/news/saved`;
    const fromTimeline = `[${marker}] saved from the timeline`;
    const fromPage = `[${marker}] saved from This page: ${target}`;
    const [timelineId, pageId] = await seedPosts(control, [fromTimeline, fromPage]);
    await newAccount(ext, control);
    const panel = await SidePanelScreen.open(ext);

    // From the timeline, by keyboard (`s` on the focused post): the star is pressed once the push
    // brings the saved post back.
    const first = await panel.article(fromTimeline);
    await first.focus();
    await press(panel.page, 's');
    await untilPressed(first, true);

    // From "This page", with the discussed page in the tab beside the panel.
    await click(panel.page, SidePanelScreen.thisPageTab);
    const tab = await ext.openTab(target);
    await tab.bringToFront();
    const linked = await withText(panel.page, '#panel-page article', fromPage, scaled(15_000));
    await clickBehind(linked, SAVE);
    await untilPressed(linked, true);
    // The timeline shows the same post saved.
    await clickBehind(panel.page, SidePanelScreen.timelineTab);
    await untilPressed(await panel.article(fromPage), true);

    // The Saved list, newest saved first.
    await panel.page.bringToFront();
    await click(panel.page, OPEN_SAVED);
    const shown = await untilSaved(panel.page, 2);
    expect(shown[0]).toContain(fromPage);
    expect(shown[1]).toContain(fromTimeline);
    await ext.setViewport(panel.page, { width: 360, height: 640 });
    await screenshot(ext, panel.page, 'saved-posts');
    await expectAccessible(ext, panel.page, 'side panel, Saved', { include: [SAVED_VIEW] });

    // Remove the older one; focus moves on to the next Remove (else the heading), never lost.
    const older = await withText(panel.page, SAVED_ARTICLES, fromTimeline);
    await click(older, role('button', /^Remove the post by .+ from Saved$/));
    const left = await untilSaved(panel.page, 1);
    expect(left[0]).toContain(fromPage);
    expect((await focused(panel.page)).tag).not.toBe('body');
    // Escape goes back to the timeline, to the button that opened the list; the star there is off.
    await press(panel.page, 'Escape');
    await until(async () => ((await focused(panel.page)).text.includes('Saved') ? true : undefined), 'focus back');
    await untilPressed(await panel.article(fromTimeline), false);

    // The browser restarts: the remaining saved post is still there.
    await ext.restart();
    const again = await SidePanelScreen.open(ext);
    await click(again.page, OPEN_SAVED);
    const kept = await untilSaved(again.page, 1);
    expect(kept[0]).toContain(fromPage);

    // The backup file carries it, with what it needs to be shown offline.
    const options = await ext.open('options.html');
    const backup = role('region', 'Backup', { exact: true });
    const file = await captureDownload(ext, () => click(options, `${backup} ${role('button', 'Export settings')}`));
    const parsed = JSON.parse(file.text) as { version: number; saved?: { id: string; body?: string }[] };
    expect(parsed.version).toBe(3);
    expect(parsed.saved).toHaveLength(1);
    expect(parsed.saved?.[0]).toMatchObject({ id: pageId, body: fromPage, source: control.baseUrl });
    expect(JSON.stringify(parsed.saved)).not.toContain(timelineId);
  } finally {
    await site.close();
  }
});

// A compromised renderer can send whatever our content script can: the Saved list is for extension
// pages only, so it can neither read it nor change it, and nothing of it is in storage it can reach.
test('a content script can neither read nor change the Saved list', async ({ ext, control }) => {
  await decorateSandboxSite(ext, control);
  const [postId] = await seedPosts(control, [`[${uniqueTag()}] private reading list`]);
  const saved = await ext.call<{ source: string; id: string }>('savePost', { post: { id: postId, body: 'mine' } });
  const before = await ext.call<unknown[]>('listSavedPosts');
  expect(before).toContainEqual(expect.objectContaining({ id: postId }));
  const page = await ext.openTab(`${control.baseUrl}/`);
  await waitForBars(ext, page, 1, 'the bars');
  expect(await contentScriptRan(ext, page)).toBe(true);

  const found = await inContentScript(
    ext,
    page,
    async (key: string, entry: unknown) => {
      const api = ((globalThis as unknown as { browser?: unknown }).browser ??
        (globalThis as unknown as { chrome: unknown }).chrome) as {
        runtime: {
          sendMessage(message: unknown): Promise<unknown>;
          connect(info: { name: string }): {
            postMessage(message: unknown): void;
            onMessage: { addListener(fn: (message: unknown) => void): void };
            onDisconnect: { addListener(fn: () => void): void };
          };
        };
        storage: { local?: { get(keys: null): Promise<unknown> } };
      };
      const replies: Record<string, unknown> = {};
      const asks: [string, unknown][] = [
        ['listSavedPosts', undefined],
        ['unsavePost', { key }],
        ['savePost', { post: { id: 'planted', body: 'planted by the page' } }],
        ['importSavedPosts', { posts: [entry] }],
      ];
      for (const [type, payload] of asks) replies[type] = await api.runtime.sendMessage({ type, payload });
      // The state port, asking for the Saved list's pushes.
      replies.port = await new Promise((resolve) => {
        const heard: unknown[] = [];
        const port = api.runtime.connect({ name: 'state' });
        port.onMessage.addListener((message) => heard.push(message));
        port.onDisconnect.addListener(() => resolve({ disconnected: true, heard }));
        port.postMessage({ subscribe: 'saved' });
        setTimeout(() => resolve({ disconnected: false, heard }), 3_000);
      });
      try {
        replies.storage = JSON.stringify((await api.storage.local?.get(null)) ?? null);
      } catch (error) {
        replies.storage = `refused: ${(error as Error).message}`;
      }
      return replies;
    },
    `${saved.source} ${saved.id}`,
    { ...saved, id: 'imported', savedAt: 1 },
  );
  for (const type of ['listSavedPosts', 'unsavePost', 'savePost', 'importSavedPosts']) {
    expect(found[type], type).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  }
  expect(found.port).toEqual({ disconnected: true, heard: [] });
  expect(String(found.storage)).not.toContain('mine');
  // Nothing planted, nothing imported, nothing removed.
  expect(await ext.call('listSavedPosts')).toEqual(before);
});
