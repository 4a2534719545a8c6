import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SidePanelPage } from './pages/sidepanel-page';
import { expectAccessible } from './support/axe';
import { extensionIdOf, launchChromium, openExtensionPage, removeProfile, SANDBOX_GRANT } from './support/chromium';
import { configure } from './support/extension-client';
import { SandboxClient } from './support/sandbox-client';
import { startThirdPartySite, type ThirdPartySite } from './support/third-party-site';
import { scaled } from './support/time';

/**
 * "This page" (side panel): the posts the extension has read that link to the page in the tab
 * beside the panel, matched inside the extension. The sandbox's request log shows that no request
 * carried any address the user visited.
 */

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** The articles a visit goes through besides the one the posts discuss. */
const OTHER_PAGES = Array.from({ length: 19 }, (_, i) => `/reading/article-${i + 1}`);
const page = (title: string) => `<!doctype html><html lang="en"><title>${title}</title><h1>${title}</h1></html>`;

/** The "This page" view of the panel page. */
function thisPage(panel: Page) {
  const view = panel.locator('#panel-page');
  return { view, articles: view.getByRole('article'), reach: view.getByRole('status') };
}

test('This page: the posts linking to the tab page, in any spelling; no request carries an address', async ({
  sandbox,
}) => {
  // Twenty page loads and two axe scans: minutes on a busy machine.
  test.setTimeout(scaled(240_000));
  const marker = tag();
  const site: ThirdPartySite = await startThirdPartySite({
    '/news/budget-2027': page('Budget 2027'),
    ...Object.fromEntries(OTHER_PAGES.map((path) => [path, page(path)])),
  });
  const { context, userDataDir } = await launchChromium({ grantedOrigins: SANDBOX_GRANT, grantedApis: ['tabs'] });
  try {
    const target = `${site.origin}/news/budget-2027`;
    // Three posts about the page (tracked, with a fragment, plain), and unrelated ones.
    const client = new SandboxClient(sandbox.baseUrl);
    const bodies = [
      `[${marker}] plain: ${target}`,
      `[${marker}] tracked: ${target}?utm_source=newsletter&utm_medium=email&fbclid=abc`,
      `[${marker}] fragment: ${target.replace('http://', 'HTTP://')}/#comments`,
    ];
    await client.control('POST', '/posts', {
      posts: [
        { body: `[${marker}] another page: ${site.origin}/news/budget-2026` },
        { body: `[${marker}] same site: ${site.origin}${OTHER_PAGES[0]}?page=2` },
        ...bodies.map((body) => ({ body })),
        { body: `[${marker}] no link, just budget-2027 talk` },
      ],
    });

    const extensionId = await extensionIdOf(context);
    const options = await openExtensionPage(context, extensionId, 'options.html');
    await configure(options, sandbox.baseUrl, sandbox.testKey);
    await options.close();
    const panel = new SidePanelPage(await openExtensionPage(context, extensionId, 'sidepanel.html'));
    // The panel reads the timeline's first page: the index learns its links from it.
    await expect(panel.article(bodies[0] ?? '')).toBeVisible({ timeout: scaled(15_000) });
    await client.control('DELETE', '/requests');

    await panel.page.getByRole('tab', { name: 'This page' }).click();
    const view = thisPage(panel.page);
    await expect(view.view.getByRole('heading', { name: 'Posts about this page' })).toBeVisible();
    await expectAccessible(panel.page, 'side panel, This page', { include: ['#panel-page'] });

    // Browsing: the tab beside the panel goes through 20 pages, the discussed one among them.
    const tab = await context.newPage();
    const visited: string[] = [];
    const visit = async (url: string) => {
      await tab.goto(url);
      await tab.bringToFront();
      visited.push(url);
    };
    for (const path of OTHER_PAGES.slice(0, 10)) await visit(`${site.origin}${path}`);
    await expect(view.view).toContainText('No post among those read links to this page.', { timeout: scaled(10_000) });
    // The page, as the browser shows it after a tracked link and a trailing slash.
    await visit(`${target}/?utm_campaign=autumn#top`);
    await expect(view.articles).toHaveCount(3, { timeout: scaled(10_000) });
    for (const body of bodies) await expect(view.view.getByText(body)).toBeVisible();
    await expect(view.reach).toContainText(/Looked through the newest \d+ posts, back to /);
    await expectAccessible(panel.page, 'side panel, This page with posts', { include: ['#panel-page'] });
    for (const path of OTHER_PAGES.slice(10)) await visit(`${site.origin}${path}`);
    await expect(view.articles).toHaveCount(0, { timeout: scaled(10_000) });

    // "Read further" reads older pages with the cursor only.
    await visit(target);
    await expect(view.articles).toHaveCount(3, { timeout: scaled(10_000) });
    const before = await view.reach.textContent();
    await view.view.getByRole('button', { name: 'Read further' }).click();
    await expect(view.reach).not.toHaveText(before ?? '', { timeout: scaled(15_000) });
    await expect(view.articles).toHaveCount(3);

    const { requests } = await client.control<{ requests: { path: string; query: string }[] }>('GET', '/requests');
    expect(requests.some((request) => request.query.includes('cursor='))).toBe(true);
    const { hostname: host, port } = new URL(site.origin);
    const needles = [`${host}:${port}`, host, 'budget-2027', 'reading', 'article-', ...visited.map(encodeURIComponent)];
    for (const request of requests) {
      const sent = decodeURIComponent(`${request.path}${request.query}`);
      for (const needle of needles) expect(sent, `${request.path}${request.query}`).not.toContain(needle);
    }
  } finally {
    await context.close();
    removeProfile(userDataDir);
    await site.close();
  }
});

test('This page: without the tabs permission it says why it asks, and asks from a click', async ({ sandbox }) => {
  const { context, userDataDir } = await launchChromium({ grantedOrigins: SANDBOX_GRANT });
  try {
    const extensionId = await extensionIdOf(context);
    const panel = await openExtensionPage(context, extensionId, 'sidepanel.html');
    await configure(panel, sandbox.baseUrl, sandbox.testKey);
    await panel.getByRole('tab', { name: 'This page' }).click();
    const view = thisPage(panel).view;
    await expect(view).toContainText('never sent anywhere');
    await expect(view.getByRole('button', { name: "Allow reading the tab's address" })).toBeVisible();
    await expectAccessible(panel, 'side panel, This page, asking', { include: ['#panel-page'] });
  } finally {
    await context.close();
    removeProfile(userDataDir);
  }
});
