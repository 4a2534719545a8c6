import type { Page } from 'puppeteer-core';
import { expectAccessible } from '../driver/axe';
import { newAccount } from '../driver/extension';
import { expect, test } from '../driver/test';
import type { ExtensionBrowser } from '../driver/types';
import { click, clickBehind, find, findAll, role, textOf, uniqueTag, until, waitForText } from '../driver/ui';
import { SidePanelScreen } from '../screens/side-panel';
import { startThirdPartySite, type ThirdPartySite } from '../support/third-party-site';
import { scaled } from '../support/time';

/**
 * "This page" (side panel): the posts the extension has read that link to the page in the tab
 * beside the panel, matched inside the extension. The sandbox's request log shows that no request
 * carried any address the user visited.
 */

/** The articles a visit goes through besides the one the posts discuss. */
const OTHER_PAGES = Array.from({ length: 19 }, (_, i) => `/reading/article-${i + 1}`);
const html = (title: string) => `<!doctype html><html lang="en"><title>${title}</title><h1>${title}</h1></html>`;

/** The "This page" view of the panel page, its posts and its reach line. */
const VIEW = '#panel-page';
const ARTICLES = `${VIEW} article`;
const REACH = `${VIEW} [role="status"]`;
const ALLOW = role('button', "Allow reading the tab's address");

/** Waits until the view shows `count` posts. */
function untilPosts(panel: Page, count: number): Promise<true> {
  return until(
    async () => ((await findAll(panel, ARTICLES)).length === count ? true : undefined),
    `${count} posts`,
    scaled(10_000),
  );
}

/** Waits until `tab`'s toolbar badge reads `text`. */
function untilMark(ext: ExtensionBrowser, tab: Page, text: string): Promise<true> {
  return until(async () => ((await ext.badge(tab)).text === text ? true : undefined), `the badge "${text}"`);
}

/** The tab beside the panel goes to `url` and is the one the user looks at. */
async function visit(ext: ExtensionBrowser, tab: Page, url: string, visited: string[]): Promise<void> {
  await ext.goto(tab, url);
  await tab.bringToFront();
  visited.push(url);
}

test.describe('with the tabs permission', () => {
  // Granted up front, as the user's earlier "Allow" (Chromium's prompt cannot be answered headless).
  test.use({ launch: { grantedApis: ['tabs'] } });

  test('This page: the posts linking to the tab page, in any spelling; no request carries an address', async ({
    ext,
    control,
  }) => {
    // Twenty page loads and two axe scans: minutes on a busy machine.
    test.setTimeout(scaled(240_000));
    const marker = uniqueTag();
    const site: ThirdPartySite = await startThirdPartySite({
      '/news/budget-2027': html('Budget 2027'),
      ...Object.fromEntries(OTHER_PAGES.map((path) => [path, html(path)])),
    });
    try {
      const target = `${site.origin}/news/budget-2027`;
      // Three posts about the page (tracked, with a fragment, plain), and unrelated ones.
      const bodies = [
        `[${marker}] plain: ${target}`,
        `[${marker}] tracked: ${target}?utm_source=newsletter&utm_medium=email&fbclid=abc`,
        `[${marker}] fragment: ${target.replace('http://', 'HTTP://')}/#comments`,
      ];
      await control.control('POST', '/posts', {
        posts: [
          { body: `[${marker}] another page: ${site.origin}/news/budget-2026` },
          { body: `[${marker}] same site: ${site.origin}${OTHER_PAGES[0]}?page=2` },
          ...bodies.map((body) => ({ body })),
          { body: `[${marker}] no link, just budget-2027 talk` },
        ],
      });
      const { key } = await newAccount(ext, control);
      const panel = await SidePanelScreen.open(ext);
      // The panel reads the timeline's first page: the index learns its links from it.
      await panel.article(bodies[0] ?? '');
      await control.control('DELETE', '/requests');

      await click(panel.page, SidePanelScreen.thisPageTab);
      await find(panel.page, `${VIEW} ${role('heading', 'Posts about this page')}`);
      await expectAccessible(ext, panel.page, 'side panel, This page', { include: [VIEW] });

      // Browsing: the tab beside the panel goes through 20 pages, the discussed one among them.
      const tab = await ext.openTab('about:blank');
      const visited: string[] = [];
      for (const path of OTHER_PAGES.slice(0, 10)) await visit(ext, tab, `${site.origin}${path}`, visited);
      await waitForText(panel.page, 'No post among those read links to this page.', { selector: VIEW });
      // The page, as the browser shows it after a tracked link and a trailing slash.
      await visit(ext, tab, `${target}/?utm_campaign=autumn#top`, visited);
      await untilPosts(panel.page, 3);
      const shown = await textOf(panel.page, VIEW);
      for (const body of bodies) expect(shown).toContain(body);
      await waitForText(panel.page, /Looked through the newest \d+ posts, back to /, { selector: REACH });
      await expectAccessible(ext, panel.page, 'side panel, This page with posts', { include: [VIEW] });
      // The toolbar says so too, on this tab only: a dot and the count (no request: checked below).
      await untilMark(ext, tab, '•3');
      expect((await ext.badge(tab)).title).toContain('3 posts read link to this page');
      const other = await ext.openTab(`${site.origin}${OTHER_PAGES[1]}`);
      await untilMark(ext, other, '');
      await untilMark(ext, tab, '•3');
      await other.close();
      // Closing it puts another tab in front: the browsing tab again, as the user left it.
      await tab.bringToFront();
      await untilPosts(panel.page, 3);
      for (const path of OTHER_PAGES.slice(10)) await visit(ext, tab, `${site.origin}${path}`, visited);
      await untilPosts(panel.page, 0);
      await untilMark(ext, tab, '');

      // "Read further" reads older pages with the cursor only.
      await visit(ext, tab, target, visited);
      await untilPosts(panel.page, 3);
      const before = await textOf(panel.page, REACH);
      await clickBehind(panel.page, `${VIEW} ${role('button', 'Read further')}`);
      await until(async () => ((await textOf(panel.page, REACH)) !== before ? true : undefined), 'the reach moved on');
      expect(await findAll(panel.page, ARTICLES)).toHaveLength(3);
      // Writes waiting keep the badge (their count); the title says both.
      await control.disableKey(key, 'Paused while the test looks at the badge');
      await ext.call('enqueueWrite', { kind: 'post', body: `[${marker}] held while the key is off` });
      await untilMark(ext, tab, '1');
      expect((await ext.badge(tab)).title).toMatch(/writes are waiting in the Outbox · 3 posts read link to this page/);

      const { requests } = await control.control<{ requests: { path: string; query: string }[] }>('GET', '/requests');
      expect(requests.some((request) => request.query.includes('cursor='))).toBe(true);
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
    } finally {
      await site.close();
    }
  });
});

test.describe('without the tabs permission', () => {
  test('This page: without the tabs permission it says why it asks, and asks from a click', async ({
    ext,
    control,
  }) => {
    await newAccount(ext, control);
    const panel = await SidePanelScreen.open(ext);
    await click(panel.page, SidePanelScreen.thisPageTab);
    await waitForText(panel.page, 'never sent anywhere', { selector: VIEW });
    await find(panel.page, `${VIEW} ${ALLOW}`);
    await expectAccessible(ext, panel.page, 'side panel, This page, asking', { include: [VIEW] });

    // The request from the click: Firefox's driver runs with optional-permission prompts off, so it is
    // granted at once, as by the user's "Allow"; Chromium's prompt cannot be answered headless.
    if (ext.engine === 'firefox') {
      await click(panel.page, `${VIEW} ${ALLOW}`);
      await find(panel.page, `${VIEW} ${role('heading', 'Posts about this page')}`);
      expect(await findAll(panel.page, `${VIEW} ${ALLOW}`)).toHaveLength(0);
    }
  });
});
