import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'puppeteer-core';
import { type RunningSandbox, startSandbox } from '../../sandbox/server';
import { FIREFOX_BUILD } from './support/browsers';
import { aria, configureInOptions, launchFirefox, openFirefoxExtensionPage } from './support/firefox';
import {
  article,
  find,
  openOutbox,
  outboxItem,
  postFromPanel,
  replyTo,
  textOf,
  waitForMatch,
  waitForText,
} from './support/firefox-ui';
import { USER_SCOPES } from './support/new-account';
import { SandboxClient } from './support/sandbox-client';
import { scaled } from './support/time';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A fresh sandbox account, its key saved on the options page as a user does. */
async function freshAccount(browser: Browser, sandbox: RunningSandbox) {
  const control = new SandboxClient(sandbox.baseUrl);
  const { key, account } = await control.newKey(USER_SCOPES);
  const options = await openFirefoxExtensionPage(browser, 'options.html');
  await configureInOptions(options, sandbox.baseUrl, key, scaled(15_000));
  return { control, key, account, options };
}

/** The value of the composer's or a reply box's text area. */
function textIn(page: Page, selector: string): Promise<string> {
  return page.$eval(selector, (box) => (box as HTMLTextAreaElement).value);
}

// Firefox ESR (the MV2 build) over WebDriver BiDi: the side panel's flows of sidepanel.spec.ts.
// The sidebar itself cannot be driven: its page, sidepanel.html, is opened as a tab.
test.describe('Firefox ESR: the side panel', () => {
  let browser: Browser;
  let sandbox: RunningSandbox;
  // The browser runs on a profile of the file's own, so the last test can restart it on it.
  const profileDir = mkdtempSync(path.join(tmpdir(), 'dc-firefox-profile-'));

  test.beforeAll(async () => {
    [browser, sandbox] = await Promise.all([
      launchFirefox(FIREFOX_BUILD, { profileDir }),
      startSandbox({ seed: true }),
    ]);
  });

  test.afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
    rmSync(profileDir, { recursive: true, force: true });
  });

  test('post, reply and react from the panel; each write lands once and the Outbox lists them as sent', async () => {
    test.setTimeout(scaled(90_000));
    const { control, key, account } = await freshAccount(browser, sandbox);
    // Someone else's fresh post at the top of the timeline, to reply and react to.
    const fixtureBody = unique('Fixture: the Route 9 trial report');
    const [fixtureId] = (await control.control<{ ids: string[] }>('POST', '/posts', { posts: [{ body: fixtureBody }] }))
      .ids;

    const panel = await openFirefoxExtensionPage(browser, 'sidepanel.html');
    await article(panel, fixtureBody);

    const postBody = unique('Bus lanes should be permanent');
    await postFromPanel(panel, postBody);
    await waitForText(panel, 'Queued.');

    const replyBody = unique('Which page of the report?');
    // Found again before each step: the list may have drawn its rows anew meanwhile.
    await replyTo(await article(panel, fixtureBody), replyBody);
    await waitForMatch(panel, `article[data-post-id="${fixtureId}"]`, 'You replied\\.', scaled(20_000));

    // React "Well sourced": marked at once (no second click possible), then placed when sent.
    const wellSourced = await find(await article(panel, fixtureBody), aria('button', 'Well sourced'));
    await wellSourced.click();
    await panel.waitForFunction(
      (button) => button.getAttribute('aria-disabled') === 'true',
      { timeout: scaled(10_000) },
      wellSourced,
    );
    await waitForMatch(panel, `article[data-post-id="${fixtureId}"] .reaction + .visually-hidden`, 'you reacted');

    // Each write landed once, as this account.
    await expect.poll(async () => (await control.postsOf(key, account)).map((p) => p.body)).toEqual([postBody]);
    const { events } = await control.control<{
      events: { type: string; data: { postId?: string; body?: string; kind?: string; author?: { id: string } } }[];
    }>('GET', '/events');
    const mine = events.filter((e) => e.data.postId === fixtureId);
    expect(mine.filter((e) => e.type === 'comment.created').map((e) => e.data.body)).toEqual([replyBody]);
    expect(mine.filter((e) => e.type === 'reaction.created').map((e) => e.data.kind)).toEqual(['well_sourced']);

    // The Outbox tab: the three writes, sent.
    await openOutbox(panel);
    await waitForMatch(panel, '#outbox-sent', 'Sent \\(3\\)');
    for (const text of [postBody, replyBody]) await outboxItem(panel, text, 'Sent at');
    expect(await textOf(panel, '.outbox-group.group-sent')).toContain('Well sourced');
    await panel.close();
  });

  test('drafts survive closing the panel and restarting the browser', async () => {
    test.setTimeout(scaled(120_000));
    await freshAccount(browser, sandbox);
    let panel = await openFirefoxExtensionPage(browser, 'sidepanel.html');
    await (await find(panel, aria('textbox', 'New post'))).type('A post I have not finished');
    const first = await find(panel, 'article[data-post-id]');
    const postId = await first.evaluate((a) => a.getAttribute('data-post-id'));
    await (await find(first, aria('button', 'Reply'))).click();
    await (await find(first, aria('textbox', 'Reply'))).type('A reply I have not finished');
    const replyBox = `article[data-post-id="${postId}"] textarea`;
    // Closed at once, within the typing's save delay: the panel saves as it closes.
    await panel.close();

    // Another opening of the panel has both drafts.
    panel = await openFirefoxExtensionPage(browser, 'sidepanel.html');
    await find(panel, replyBox);
    expect(await textIn(panel, replyBox)).toBe('A reply I have not finished');
    expect(
      await (await find(panel, aria('textbox', 'New post'))).evaluate((b) => (b as HTMLTextAreaElement).value),
    ).toBe('A post I have not finished');

    // The browser closes and starts again on the same profile.
    await browser.close();
    browser = await launchFirefox(FIREFOX_BUILD, { profileDir });
    panel = await openFirefoxExtensionPage(browser, 'sidepanel.html');
    await find(panel, replyBox);
    expect(await textIn(panel, replyBox)).toBe('A reply I have not finished');
    const composer = await find(panel, aria('textbox', 'New post'));
    expect(await composer.evaluate((box) => (box as HTMLTextAreaElement).value)).toBe('A post I have not finished');

    // Queued: the draft is gone for good.
    await (await find(panel, aria('button', 'Post'))).click();
    await waitForText(panel, 'Queued.');
    // A new opening of the panel: the stored post draft is gone, the reply draft is kept.
    await panel.close();
    panel = await openFirefoxExtensionPage(browser, 'sidepanel.html');
    await find(panel, replyBox);
    expect(await textIn(panel, replyBox)).toBe('A reply I have not finished');
    expect(
      await (await find(panel, aria('textbox', 'New post'))).evaluate((b) => (b as HTMLTextAreaElement).value),
    ).toBe('');
  });
});
