import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'puppeteer-core';
import { type RunningSandbox, startSandbox } from '../../sandbox/server';
import {
  aria,
  configureInOptions,
  FIREFOX_EXTENSION_ORIGIN,
  launchFirefox,
  openFirefoxExtensionPage,
} from './support/firefox';
import { find, waitForText } from './support/firefox-ui';
import { USER_SCOPES } from './support/new-account';
import { SandboxClient } from './support/sandbox-client';
import { startThirdPartySite } from './support/third-party-site';
import { scaled } from './support/time';

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const html = (title: string) => `<!doctype html><html lang="en"><title>${title}</title><h1>${title}</h1></html>`;

/**
 * The tab the add-on opened by itself at `page`, once it is there. Under WebDriver BiDi such a tab
 * keeps reporting about:blank as its URL, so each tab is asked where it is.
 */
async function openedByTheAddOn(browser: Browser, page: string): Promise<Page> {
  const wanted = `${FIREFOX_EXTENSION_ORIGIN}/${page}`;
  let found: Page | undefined;
  await expect
    .poll(
      async () => {
        for (const tab of await browser.pages()) {
          const href = await tab.evaluate(() => location.href).catch(() => '');
          if (href === wanted) found = tab;
        }
        return found !== undefined;
      },
      { timeout: scaled(15_000), message: `the add-on opens ${page}` },
    )
    .toBe(true);
  return found as Page;
}

/** The articles of the panel's "This page" view whose text has `marker`. */
function postsShown(panel: Page, marker: string): Promise<number> {
  return panel.evaluate(
    (wanted) =>
      [...document.querySelectorAll('#panel-page article')].filter((a) => a.textContent?.includes(wanted)).length,
    marker,
  );
}

// Firefox ESR (the MV2 build): the welcome page of a first install, and the side panel's "This page"
// view, as welcome.spec.ts and this-page.spec.ts show them in Chromium.
test.describe('Firefox ESR: the welcome page and This page', () => {
  let browser: Browser;
  let sandbox: RunningSandbox;

  test.beforeAll(async () => {
    [browser, sandbox] = await Promise.all([launchFirefox(), startSandbox({ seed: true })]);
  });

  test.afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
  });

  test('welcome: opens on install and takes a real key; a post as that key lands', async () => {
    test.setTimeout(scaled(90_000));
    const control = new SandboxClient(sandbox.baseUrl);
    const { key, account } = await control.newKey(USER_SCOPES);
    const welcome = await openedByTheAddOn(browser, 'welcome.html');
    await waitForText(welcome, 'Welcome to Debate Companion');
    await waitForText(welcome, 'Keyboard shortcut');

    await (await find(welcome, aria('textbox', 'API base URL'))).type(sandbox.baseUrl);
    // A password field has no ARIA role in Firefox: found by its name alone.
    await (await find(welcome, '::-p-aria(API key)')).type(key);
    await (await find(welcome, aria('button', 'Save and check the key'))).click();
    await waitForText(welcome, 'Key works', scaled(20_000));
    await waitForText(welcome, 'You are ready: the extension acts as');
    expect(await welcome.content()).not.toContain(key);

    const panel = await openFirefoxExtensionPage(browser, 'sidepanel.html');
    const body = `Set up from the welcome page in Firefox ${tag()}`;
    const box = await find(panel, aria('textbox', 'New post'));
    await box.type(body);
    await (await find(panel, aria('button', 'Post'))).click();
    await expect
      .poll(async () => (await control.postsOf(key, account)).map((post) => post.body), { timeout: scaled(30_000) })
      .toEqual([body]);
    await Promise.all([panel.close(), welcome.close()]);
  });

  test('This page: the posts linking to the tab beside the panel, in any spelling; no request carries it', async () => {
    test.setTimeout(scaled(120_000));
    const marker = tag();
    const others = Array.from({ length: 6 }, (_, i) => `/reading/article-${i + 1}`);
    const site = await startThirdPartySite({
      '/news/budget-2027': html('Budget 2027'),
      ...Object.fromEntries(others.map((path) => [path, html(path)])),
    });
    try {
      const target = `${site.origin}/news/budget-2027`;
      const control = new SandboxClient(sandbox.baseUrl);
      await control.control('POST', '/posts', {
        posts: [
          { body: `[${marker}] another page: ${site.origin}/news/budget-2026` },
          { body: `[${marker}] plain: ${target}` },
          { body: `[${marker}] tracked: ${target}?utm_source=newsletter&utm_medium=email` },
          { body: `[${marker}] fragment: ${target}/#comments` },
        ],
      });
      const options = await openFirefoxExtensionPage(browser, 'options.html');
      await configureInOptions(options, sandbox.baseUrl, sandbox.testKey, scaled(15_000));
      await options.close();

      const panel = await openFirefoxExtensionPage(browser, 'sidepanel.html');
      await waitForText(panel, `[${marker}] plain`);
      await control.control('DELETE', '/requests');
      await (await find(panel, aria('tab', 'This page'))).click();
      // The optional `tabs` permission, asked from a real click (the test profile grants it at once).
      await (await find(panel, aria('button', "Allow reading the tab's address"))).click();
      await waitForText(panel, 'Posts about this page');

      const tab = await browser.newPage();
      const visited: string[] = [];
      const visit = async (url: string) => {
        await tab.goto(url);
        await tab.bringToFront();
        visited.push(url);
      };
      for (const path of others) await visit(`${site.origin}${path}`);
      await waitForText(panel, 'No post among those read links to this page.');
      await visit(`${target}/?utm_campaign=autumn#top`);
      await expect.poll(() => postsShown(panel, marker), { timeout: scaled(15_000) }).toBe(3);
      await waitForText(panel, 'Looked through the newest');
      await visit(`${site.origin}${others[0]}`);
      await expect.poll(() => postsShown(panel, marker), { timeout: scaled(15_000) }).toBe(0);
      // "Read further" reads on with the cursor: the log below is known to hold the panel's requests.
      await (await find(panel, aria('button', 'Read further'))).click();
      await waitForText(panel, 'Looked through the newest');

      await expect
        .poll(async () => {
          const log = await control.control<{ requests: { query: string }[] }>('GET', '/requests');
          return log.requests.some((request) => request.query.includes('cursor='));
        })
        .toBe(true);
      const { requests } = await control.control<{ requests: { path: string; query: string }[] }>('GET', '/requests');
      const { hostname: host, port } = new URL(site.origin);
      const needles = [
        `${host}:${port}`,
        host,
        'budget-2027',
        'reading',
        'article-',
        ...visited.map(encodeURIComponent),
      ];
      for (const request of requests) {
        const sent = decodeURIComponent(`${request.path}${request.query}`);
        for (const needle of needles) expect(sent, `${request.path}${request.query}`).not.toContain(needle);
      }
      await Promise.all([tab.close(), panel.close()]);
    } finally {
      await site.close();
    }
  });
});
