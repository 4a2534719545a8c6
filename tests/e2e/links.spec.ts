import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { BAR_CSS } from '../../entrypoints/link-bar.content/styles';
import { expect, test } from './fixtures';
import { relaunchWithAllSitesGranted } from './support/all-sites';
import { axeViolations, COLOUR_RULES } from './support/axe';
import {
  type BarView,
  barMarkup,
  domSession,
  findBars,
  focusedComposer,
  realClick,
  waitFor,
} from './support/closed-shadow';
import { call, configure } from './support/extension-client';
import {
  configureForSandboxSite,
  decoratedSitePage,
  registeredLinkScript,
  resetSandbox,
  sandboxEvents,
  waitForEvents,
  waitForRegistration,
} from './support/link-bars';
import { SandboxClient } from './support/sandbox-client';
import { startThirdPartySite, type ThirdPartySite } from './support/third-party-site';

const postIdOf = (href: string | null) => href?.match(/\/posts\/([^/?#]+)/)?.[1];

/** Waits for at least `count` bars on the page. */
function barsOn(cdp: CDPSession, count: number, what = `${count} bars`): Promise<BarView[]> {
  return waitFor(async () => {
    const bars = await findBars(cdp);
    return bars.length >= count ? bars : undefined;
  }, what);
}

/** A button of a bar by its accessible text. */
function button(bar: BarView | undefined, label: string) {
  const found = bar?.buttons.find((b) => b.label === label);
  if (found === undefined) throw new Error(`No "${label}" button in ${JSON.stringify(bar)}`);
  return found;
}

/** Waits until the bar after the link to `postId` says `status`. */
function statusOf(cdp: CDPSession, postId: string, status: string): Promise<BarView> {
  return waitFor(async () => {
    const bar = (await findBars(cdp)).find((b) => postIdOf(b.linkHref) === postId);
    return bar?.status === status ? bar : undefined;
  }, `status "${status}" on ${postId}`);
}

/** The bar after the link to `postId`, read afresh (each read invalidates the node ids of the last). */
async function barOf(cdp: CDPSession, postId: string | undefined): Promise<BarView> {
  const bar = (await findBars(cdp)).find((b) => postIdOf(b.linkHref) === postId);
  if (bar === undefined) throw new Error(`No bar for ${postId}`);
  return bar;
}

/** Opens Reply on the bar of `postId` with a real click, types, and sends with Ctrl+Enter. */
async function replyWithKeyboard(page: Page, cdp: CDPSession, postId: string | undefined, text: string): Promise<void> {
  await realClick(page, cdp, button(await barOf(cdp, postId), 'Reply').nodeId);
  await focusedComposer(page);
  await page.keyboard.type(text);
  await page.keyboard.press('Control+Enter');
}

test.beforeEach(async ({ sandbox }) => {
  await resetSandbox(sandbox.baseUrl);
});

/**
 * axe-core over a bar's real markup (read through CDP) with its style sheet, in an open shadow root
 * after a post link on a plain page of `scheme` (axe cannot enter the bar's closed root where it lives).
 */
async function barViolations(page: Page, markup: string, scheme: 'light' | 'dark'): Promise<string[]> {
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Bar audit</title><style>${scheme === 'dark' ? 'body{background:#111;color:#eee}a{color:#8ab4f8}' : 'body{background:#fff;color:#111}'}</style></head><body><main><h1>Posts</h1><p><a href="/posts/p_1">A post</a><span id="host"></span></p></main></body></html>`,
  );
  await page.evaluate(
    ([css, html, scheme]) => {
      const root = (document.getElementById('host') as HTMLElement).attachShadow({ mode: 'open' });
      root.innerHTML = `<style>${css}</style>${html}`;
      (root.querySelector('.wrap') as HTMLElement).dataset.scheme = scheme;
    },
    [BAR_CSS, markup, scheme] as const,
  );
  // The markup is the same in both schemes: the dark one is audited for colours only.
  return axeViolations(page, undefined, scheme === 'dark' ? COLOUR_RULES : undefined);
}

async function publishedPostIds(baseUrl: string, key: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/v1/timelines/public?limit=5`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
}

test.describe('inline bars on the platform site', () => {
  test('every post gets a bar in a closed root; a real click reacts and shows the state; a reply lands with Ctrl+Enter', async ({
    context,
    sandbox,
    extensionPage,
  }) => {
    const { options, page, cdp } = await decoratedSitePage(context, extensionPage, sandbox.baseUrl, sandbox.testKey);
    await page.goto(`${sandbox.baseUrl}/`);
    const articles = await page.locator('article[data-post-id]').count();
    const bars = await barsOn(cdp, articles, 'a bar on every post');
    expect(bars).toHaveLength(articles);
    expect(bars.every((bar) => bar.shadowRootType === 'closed')).toBe(true);
    // Undo stays hidden: in Chromium a click is proven seen and never held for an Undo window.
    expect(bars[0]?.buttons.map((b) => b.label)).toEqual(['Well sourced', 'Reply', 'Undo']);
    // The page sees a plain span and no way in.
    expect(await page.evaluate(() => document.querySelector('article a + span')?.shadowRoot ?? null)).toBeNull();

    const [first, second] = bars;
    const firstId = postIdOf(first?.linkHref ?? null);
    const secondId = postIdOf(second?.linkHref ?? null);
    if (firstId === undefined || secondId === undefined) throw new Error('bars without post links');
    await realClick(page, cdp, button(first, 'Well sourced').nodeId);
    const reactions = await waitForEvents(sandbox.baseUrl, 'reaction.created', 1);
    expect(reactions.map((e) => [e.data.postId, e.data.kind])).toEqual([[firstId, 'well_sourced']]);
    await statusOf(cdp, firstId, 'Well sourced: sent');

    await replyWithKeyboard(page, cdp, secondId, 'Replying from the inline bar.');
    const comments = await waitForEvents(sandbox.baseUrl, 'comment.created', 1);
    expect(comments.map((e) => [e.data.postId, e.data.body])).toEqual([[secondId, 'Replying from the inline bar.']]);
    await statusOf(cdp, secondId, 'Reply: sent');

    // Esc cancels: nothing is written.
    await realClick(page, cdp, button(await barOf(cdp, firstId), 'Reply').nodeId);
    await focusedComposer(page);
    await page.keyboard.type('Never sent');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Enter');
    // A control write after it (a new reaction: the second post has none yet): writes leave the
    // Outbox in order, so once it has landed a wrongly sent comment would have landed before it.
    await realClick(page, cdp, button(await barOf(cdp, secondId), 'Well sourced').nodeId);
    const afterControl = await waitForEvents(sandbox.baseUrl, 'reaction.created', 2);
    expect(afterControl.map((e) => [e.data.postId, e.data.kind])).toEqual([
      [firstId, 'well_sourced'],
      [secondId, 'well_sourced'],
    ]);
    const outbox = await call<{ items: { request: { kind: string } }[] }>(options, 'listOutbox');
    expect(outbox.items.map((item) => item.request.kind).sort()).toEqual(['comment', 'reaction', 'reaction']);
    const commentsAfter = (await sandboxEvents(sandbox.baseUrl)).filter((e) => e.type === 'comment.created');
    expect(commentsAfter).toHaveLength(1);
    expect(commentsAfter.map((e) => e.data.body)).toEqual(['Replying from the inline bar.']);
  });

  test('a post page gets its bar, and a real click there reacts to that post', async ({
    context,
    sandbox,
    extensionPage,
  }) => {
    const { page, cdp } = await decoratedSitePage(context, extensionPage, sandbox.baseUrl, sandbox.testKey);
    const [postId] = await publishedPostIds(sandbox.baseUrl, sandbox.testKey);
    await page.goto(`${sandbox.baseUrl}/posts/${postId}`);
    const [bar] = await barsOn(cdp, 1);
    expect(postIdOf(bar?.linkHref ?? null)).toBe(postId);
    await realClick(page, cdp, button(bar, 'Well sourced').nodeId);
    const events = await waitForEvents(sandbox.baseUrl, 'reaction.created', 1);
    expect(events.map((e) => e.data.postId)).toEqual([postId]);
  });
});

test('a tab of the site open before the extension was configured gets its bars without a reload, once each', async ({
  context,
  sandbox,
  extensionPage,
}) => {
  const page = await context.newPage();
  await page.goto(`${sandbox.baseUrl}/`);
  const cdp = await domSession(page);
  expect(await findBars(cdp)).toEqual([]);
  await configureForSandboxSite(context, await extensionPage('options.html'), sandbox.baseUrl, sandbox.testKey);
  const links = await page.locator('article[data-post-id]').count();
  const bars = await barsOn(cdp, links, 'a bar per post in the tab opened before');
  expect(bars).toHaveLength(links);
  // A second change of the registration (an excluded site) injects again; the frame's script runs once.
  await call(await extensionPage('options.html'), 'saveSettings', { excludedHosts: ['example.org'] });
  await waitFor(
    async () => ((await registeredLinkScript(context))?.excludeMatches ?? []).length > 0 || undefined,
    'the new plan',
  );
  expect(await findBars(cdp)).toHaveLength(links);
});

test('the bar works from the keyboard: Tab from the link reaches its buttons, Enter reacts', async ({
  context,
  sandbox,
  extensionPage,
}) => {
  const { page, cdp } = await decoratedSitePage(context, extensionPage, sandbox.baseUrl, sandbox.testKey);
  const [postId] = await publishedPostIds(sandbox.baseUrl, sandbox.testKey);
  await page.goto(`${sandbox.baseUrl}/posts/${postId}`);
  await barsOn(cdp, 1);
  await page.locator(`article a[href="/posts/${postId}"]`).focus();
  await page.keyboard.press('Tab');
  // Focus went into the closed root: the page only sees its host.
  expect(await page.evaluate(() => document.activeElement?.localName)).toBe('span');
  await page.keyboard.press('Enter');
  const reactions = await waitForEvents(sandbox.baseUrl, 'reaction.created', 1);
  expect(reactions.map((e) => e.data.postId)).toEqual([postId]);
  // Tab on to Reply, open the composer with Space, send with Ctrl+Enter.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await focusedComposer(page);
  await page.keyboard.type('Typed without a mouse.');
  await page.keyboard.press('Control+Enter');
  const comments = await waitForEvents(sandbox.baseUrl, 'comment.created', 1);
  expect(comments.map((e) => [e.data.postId, e.data.body])).toEqual([[postId, 'Typed without a mouse.']]);
});

test('states show in place: failed with the reason, waiting for the rate limit with a countdown', async ({
  context,
  sandbox,
  extensionPage,
}) => {
  const client = new SandboxClient(sandbox.baseUrl);
  const { key: noReactions } = await client.newKey(['posts:read', 'posts:write'], sandbox.account);
  const { options, page, cdp } = await decoratedSitePage(context, extensionPage, sandbox.baseUrl, noReactions);
  await page.goto(`${sandbox.baseUrl}/`);
  const [a, b, c] = (await barsOn(cdp, 3)).map((bar) => postIdOf(bar.linkHref));

  // A key without reactions:write: the reaction fails, and the bar says why.
  await realClick(page, cdp, button(await barOf(cdp, a), 'Well sourced').nodeId);
  const failed = await waitFor(async () => {
    const status = (await barOf(cdp, a)).status;
    return status.startsWith('Well sourced: failed: ') ? status : undefined;
  }, 'the failure');
  expect(failed).toContain('reactions:write');

  // One write per two minutes: the first goes, the second waits with a countdown.
  await call(options, 'saveKey', { key: sandbox.testKey });
  await client.setBudget(sandbox.account, 1, 120);
  await realClick(page, cdp, button(await barOf(cdp, b), 'Well sourced').nodeId);
  await statusOf(cdp, b as string, 'Well sourced: sent');
  await realClick(page, cdp, button(await barOf(cdp, c), 'Well sourced').nodeId);
  const waiting = await waitFor(async () => {
    const status = (await barOf(cdp, c)).status;
    return /^Well sourced: waiting for the rate limit, [12]:\d\d$/.test(status) ? status : undefined;
  }, 'the countdown');
  // The clock runs down in place.
  await waitFor(async () => ((await barOf(cdp, c)).status !== waiting ? true : undefined), 'the next second');
  expect((await sandboxEvents(sandbox.baseUrl)).filter((e) => e.type === 'reaction.created')).toHaveLength(1);
});

test('axe-core finds no violation in the bar: collapsed, with a state, and with the composer open, light and dark', async ({
  context,
  sandbox,
  extensionPage,
}) => {
  const { page, cdp } = await decoratedSitePage(context, extensionPage, sandbox.baseUrl, sandbox.testKey);
  await page.goto(`${sandbox.baseUrl}/`);
  const [first] = await barsOn(cdp, 1);
  const firstId = postIdOf(first?.linkHref ?? null);
  const collapsed = await barMarkup(cdp, (first as BarView).hostNodeId);
  await realClick(page, cdp, button(first, 'Well sourced').nodeId);
  await statusOf(cdp, firstId as string, 'Well sourced: sent');
  const withState = await barMarkup(cdp, (await barOf(cdp, firstId)).hostNodeId);
  await realClick(page, cdp, button(await barOf(cdp, firstId), 'Reply').nodeId);
  const open = await waitFor(async () => {
    const markup = await barMarkup(cdp, (await barOf(cdp, firstId)).hostNodeId);
    return /aria-expanded="true"/.test(markup) ? markup : undefined;
  }, 'the composer open');

  // The markup audited is the bar's own: its buttons, and the composer's text box once open.
  expect(collapsed).toContain('Well sourced');
  expect(withState).toContain('sent');
  expect(open).toMatch(/<iframe title="Reply to this post"[^>]* src="chrome-extension:\/\/[^"]+\/reply-frame\.html\?/);
  const audit = await context.newPage();
  for (const [what, markup] of [
    ['collapsed', collapsed],
    ['with a state', withState],
    ['composer open', open],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      expect(await barViolations(audit, markup, scheme), `${what}, ${scheme}`).toEqual([]);
    }
  }
  // The composer inside the frame, as the bar opens it, in each scheme the bar passes down.
  for (const scheme of ['light', 'dark'] as const) {
    const frame = await extensionPage(
      `reply-frame.html?post=${firstId}&site=${encodeURIComponent(sandbox.baseUrl)}&scheme=${scheme}&id=${'a'.repeat(32)}`,
    );
    // With its note showing: nothing to send yet.
    await frame.locator('button[type="submit"]').click();
    await expect(frame.locator('#note')).toHaveText('Write something first.');
    const violations = await axeViolations(frame, undefined, scheme === 'dark' ? COLOUR_RULES : undefined);
    expect(violations, `composer frame, ${scheme}`).toEqual([]);
  }
});

/** Post links on the long page of the third-party site. */
const LONG_LINKS = 200;

test.describe('inline bars on another site', () => {
  let site: ThirdPartySite;
  let postIds: string[];

  test.beforeEach(async ({ sandbox }) => {
    postIds = await publishedPostIds(sandbox.baseUrl, sandbox.testKey);
    const links = postIds
      .map((id, i) => `<li><a href="${sandbox.baseUrl}/posts/${id}">Debate ${i + 1}</a> on the platform</li>`)
      .join('');
    const news = `<!doctype html><html><head><title>Riverton News</title></head><body>
<h1>Riverton News</h1><p>Elsewhere: <a href="https://example.com/posts/p_1">not the platform</a>.</p>
<ul id="feed">${links}</ul>
<script>
  // An infinite feed: more post links arrive while the user reads; one row is recycled for another post.
  const feed = document.getElementById('feed');
  const more = ${JSON.stringify(postIds.map((id) => `${sandbox.baseUrl}/posts/${id}`))};
  let n = 0;
  const timer = setInterval(() => {
    const li = document.createElement('li');
    li.innerHTML = '<a class="late" href="' + more[n % more.length] + '?from=feed">Late ' + n + '</a>';
    feed.append(li);
    if (++n === 10) {
      clearInterval(timer);
      feed.querySelector('li a').setAttribute('href', more[more.length - 1]);
      document.title = 'fed';
    }
  }, 50);
</script></body></html>`;
    // A long page: a post link every 400 px (each href its own), each followed by a word whose place the test reads.
    const sections = Array.from(
      { length: LONG_LINKS },
      (_, i) =>
        `<section style="height:400px"><p><a href="${sandbox.baseUrl}/posts/${postIds[i % postIds.length]}?n=${i}">Debate ${i + 1}</a> <b class="after">said</b> on the platform.</p></section>`,
    ).join('');
    const long = `<!doctype html><html><head><title>Long read</title></head><body>${sections}</body></html>`;
    site = await startThirdPartySite({ '/news.html': news, '/long.html': long });
  });
  test.afterEach(async () => {
    await site.close();
  });

  /** Turns on "Decorate post links on all sites" the way a user does, the browser's prompt already answered. */
  async function allowAllSites(context: BrowserContext, userDataDir: string, baseUrl: string, key: string) {
    const options0 = await context.newPage();
    const extensionId = new URL((context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))).url())
      .host;
    await options0.goto(`chrome-extension://${extensionId}/options.html`);
    await configure(options0, baseUrl, key);
    const relaunched = await relaunchWithAllSitesGranted(context, userDataDir);
    const options = await relaunched.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    const toggle = options.getByRole('checkbox', { name: 'Decorate post links on all sites' });
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect(toggle).toBeChecked();
    await waitForRegistration(relaunched, ['http://*/*', 'https://*/*']);
    return { context: relaunched, options };
  }

  test('on a long page, bars far below rest until the reader scrolls near them, and drawing one moves nothing', async ({
    context,
    sandbox,
    userDataDir,
  }) => {
    const { context: allowed } = await allowAllSites(context, userDataDir, sandbox.baseUrl, sandbox.testKey);
    try {
      const page = await allowed.newPage();
      await page.goto(`${site.origin}/long.html`);
      const cdp = await domSession(page);
      const last = LONG_LINKS - 1;
      // Every post link has its host; the bars near the top are drawn, the last one rests (an empty host).
      const hosts = () => page.evaluate(() => document.querySelectorAll('a + span').length);
      await waitFor(async () => ((await hosts()) === LONG_LINKS ? true : undefined), 'a host after every post link');
      const drawnLinks = async () =>
        (await findBars(cdp)).filter((bar) => bar.buttons.length > 0).map((bar) => bar.linkHref);
      const lastHref = await page.evaluate(
        (i) => document.querySelectorAll('a')[i]?.getAttribute('href') ?? null,
        last,
      );
      await waitFor(async () => ((await drawnLinks()).length > 0 ? true : undefined), 'the bars at the top drawn');
      expect(await drawnLinks()).not.toContain(lastHref);
      const place = () =>
        page.evaluate((i) => {
          const word = document.querySelectorAll('b.after')[i] as HTMLElement;
          const box = word.getBoundingClientRect();
          return { left: box.left, top: box.top + scrollY, height: document.documentElement.scrollHeight };
        }, last);
      const before = await place();
      await page.evaluate((i) => document.querySelectorAll('b.after')[i]?.scrollIntoView({ block: 'center' }), last);
      const drawn = await waitFor(async () => {
        const bar = (await findBars(cdp)).find((b) => b.linkHref === lastHref);
        return (bar?.buttons.length ?? 0) > 0 ? bar : undefined;
      }, 'the last bar drawn once near the viewport');
      // The word after the link, and the page, are where they were: the resting host was as wide as the bar.
      expect(await place()).toEqual(before);
      await realClick(page, cdp, button(drawn, 'Well sourced').nodeId);
      const reactions = await waitForEvents(sandbox.baseUrl, 'reaction.created', 1);
      expect(reactions.map((e) => e.data.postId)).toEqual([postIdOf(drawn?.linkHref ?? null)]);
    } finally {
      await allowed.close();
    }
  });

  test('no bars before the grant; after it, real clicks react and reply with the right post ids, links added later too', async ({
    context,
    sandbox,
    extensionPage,
    userDataDir,
  }) => {
    const options0 = await extensionPage('options.html');
    await configureForSandboxSite(context, options0, sandbox.baseUrl, sandbox.testKey);
    const before = await context.newPage();
    await before.goto(`${site.origin}/news.html`);
    await expect(before).toHaveTitle('fed');
    // The link script is not registered for this site, so no script of ours runs here.
    expect(await findBars(await domSession(before))).toEqual([]);

    const { context: allowed, options } = await allowAllSites(context, userDataDir, sandbox.baseUrl, sandbox.testKey);
    try {
      const page = await allowed.newPage();
      await page.goto(`${site.origin}/news.html`);
      await expect(page).toHaveTitle('fed');
      const cdp = await domSession(page);
      // 5 links in the page, 10 added later; the link to example.com is not a post link.
      const bars = await barsOn(cdp, 15, 'bars on initial and later links');
      expect(bars).toHaveLength(15);
      // The first row was recycled for the last post: its bar follows.
      expect(postIdOf(bars[0]?.linkHref ?? null)).toBe(postIds.at(-1));

      const late = bars.find((b) => b.linkHref?.includes('?from=feed'));
      const lateId = postIdOf(late?.linkHref ?? null);
      await realClick(page, cdp, button(late, 'Well sourced').nodeId);
      const reactions = await waitForEvents(sandbox.baseUrl, 'reaction.created', 1);
      expect(reactions.map((e) => e.data.postId)).toEqual([lateId]);

      await replyWithKeyboard(page, cdp, postIds.at(-1), 'Seen on Riverton News.');
      const comments = await waitForEvents(sandbox.baseUrl, 'comment.created', 1);
      expect(comments.map((e) => [e.data.postId, e.data.body])).toEqual([[postIds.at(-1), 'Seen on Riverton News.']]);

      // An excluded host gets no bars at all.
      await call(options, 'saveSettings', { excludedHosts: ['127.0.0.2'] });
      await waitFor(async () => {
        const script = await registeredLinkScript(allowed);
        return script?.excludeMatches?.includes('*://127.0.0.2/*') ? true : undefined;
      }, 'the exclusion in the registration');
      const excluded = await allowed.newPage();
      await excluded.goto(`${site.origin}/news.html`);
      await expect(excluded).toHaveTitle('fed');
      expect(await findBars(await domSession(excluded))).toEqual([]);
    } finally {
      await allowed.close();
    }
  });
});
