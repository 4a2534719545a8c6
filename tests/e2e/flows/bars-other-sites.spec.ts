import type { Page } from 'puppeteer-core';
import { barHostsSeenByPage, clickBarButton, findBars, focusedComposer, postIdOf, waitForBars } from '../driver/bars';
import { SANDBOX_GRANT } from '../driver/chromium-profile';
import { allowAllSites, decorateSandboxSite, registeredLinkScript } from '../driver/link-scripts';
import { expect, test } from '../driver/test';
import type { ExtensionBrowser } from '../driver/types';
import { press, until } from '../driver/ui';
import { publishedPostIds, untilWrites } from '../driver/writes';
import { startThirdPartySite, type ThirdPartySite } from '../support/third-party-site';

// "Decorate post links on all sites" asks for access to every site from the click that turns it on.
// Firefox answers that request at once (its prompt is off in the test profile); headless Chromium's
// prompt cannot be answered, so its profile holds the grant already, as after the user's "Allow".
test.use({
  launch: async ({ engine }, use) =>
    use(engine === 'chromium' ? { grantedOrigins: [...SANDBOX_GRANT, '<all_urls>'] } : {}),
});

/** Post links on the long page. */
const LONG_LINKS = 200;

let site: ThirdPartySite;
let postIds: string[];
let account: string;

test.beforeEach(async ({ ext, control }) => {
  const created = await decorateSandboxSite(ext, control);
  account = created.account;
  await ext.call('saveSettings', { excludedHosts: [] });
  postIds = await publishedPostIds(control, created.key);
  const links = postIds
    .map((id, i) => `<li><a href="${control.baseUrl}/posts/${id}">Debate ${i + 1}</a> on the platform</li>`)
    .join('');
  const news = `<!doctype html><html><head><title>Riverton News</title></head><body>
<h1>Riverton News</h1><p>Elsewhere: <a href="https://example.com/posts/p_1">not the platform</a>.</p>
<ul id="feed">${links}</ul>
<script>
  // An infinite feed: more post links arrive while the user reads; one row is recycled for another post.
  const feed = document.getElementById('feed');
  const more = ${JSON.stringify(postIds.map((id) => `${control.baseUrl}/posts/${id}`))};
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
      `<section style="height:400px"><p><a href="${control.baseUrl}/posts/${postIds[i % postIds.length]}?n=${i}">Debate ${i + 1}</a> <b class="after">said</b> on the platform.</p></section>`,
  ).join('');
  const long = `<!doctype html><html><head><title>Long read</title></head><body>${sections}</body></html>`;
  // No post link at first; the first one a moment after the page loaded (the gated script's wait).
  const quiet = `<!doctype html><html><head><title>Quiet</title></head><body><p>Nothing here yet.</p>
<script>
  setTimeout(() => {
    const a = document.createElement('a');
    a.href = ${JSON.stringify(`${control.baseUrl}/posts/${postIds[0]}`)};
    a.textContent = 'A debate';
    document.body.append(a);
  }, 300);
</script></body></html>`;
  // Post links in a path of another name, relative on this host: an extra pattern's links.
  const mirror = `<!doctype html><html><head><title>Mirror</title></head><body>
<p><a href="/d/${postIds[0]}">One</a> and <a href="d/${postIds[1]}">two</a>, <a href="/about">about</a>.</p></body></html>`;
  site = await startThirdPartySite({
    '/news.html': news,
    '/long.html': long,
    '/quiet.html': quiet,
    '/mirror.html': mirror,
  });
});

test.afterEach(async () => {
  await site.close();
});

/** The news page, once its feed has stopped growing. */
async function openNews(ext: ExtensionBrowser): Promise<Page> {
  const page = await ext.openTab(`${site.origin}/news.html`);
  await until(async () => ((await page.title()) === 'fed' ? true : undefined), 'the feed complete');
  return page;
}

// First in the file: all sites are not on yet in this browser.
test('bars on other sites: none before all sites are on; after, real clicks react and reply with the right post ids, links added later too; none on an excluded host', async ({
  ext,
  control,
}) => {
  const t0 = Date.now();
  const lap = (w: string) => console.log(ext.engine, w, Date.now() - t0);
  const before = await openNews(ext);
  lap('news');
  // The link script is not registered for this site: the page has no host of ours.
  expect(await barHostsSeenByPage(before)).toEqual({ hosts: 0, open: 0 });

  await allowAllSites(ext);
  lap('allow');
  const page = await openNews(ext);
  lap('news2');
  // 5 links in the page, 10 added later; the link to example.com is not a post link.
  const bars = await waitForBars(ext, page, 15, 'bars on initial and later links');
  expect(bars).toHaveLength(15);
  lap('bars');
  // The first row was recycled for the last post: its bar follows.
  expect(bars[0]?.postId).toBe(postIds.at(-1));

  const late = bars.find((b) => b.linkHref?.includes('?from=feed'));
  if (late?.linkHref == null) throw new Error('no bar on a late link');
  await clickBarButton(ext, page, { href: late.linkHref }, 'Well sourced');
  const reactions = await untilWrites(control, account, 'reaction.created', 1);
  expect(reactions.map((e) => e.postId)).toEqual([late.postId]);
  lap('react');

  const last = postIds.at(-1) as string;
  await clickBarButton(ext, page, { postId: last }, 'Reply');
  await focusedComposer(page);
  await page.keyboard.type('Seen on Riverton News.');
  await press(page, 'Control+Enter');
  const comments = await untilWrites(control, account, 'comment.created', 1);
  expect(comments.map((e) => [e.postId, e.body])).toEqual([[last, 'Seen on Riverton News.']]);
  lap('reply');

  // An excluded host gets no bars at all.
  await ext.call('saveSettings', { excludedHosts: ['127.0.0.2'] });
  await until(
    async () => ((await registeredLinkScript(ext))?.excludeMatches?.includes('*://127.0.0.2/*') ? true : undefined),
    'the exclusion in the registration',
  );
  const excluded = await openNews(ext);
  expect(await barHostsSeenByPage(excluded)).toEqual({ hosts: 0, open: 0 });
});

test('bars on other sites: the gated link script waits for a page’s first post link; an extra pattern elsewhere runs the plain one', async ({
  ext,
}) => {
  await allowAllSites(ext);
  // The browser answers the file without the leading slash it was registered with.
  expect((await registeredLinkScript(ext))?.js).toEqual(['links-gated.js']);
  const quiet = await ext.openTab(`${site.origin}/quiet.html`);
  const late = await waitForBars(ext, quiet, 1, 'a bar on the post link added after the load');
  expect(late.map((bar) => bar.postId)).toEqual([postIds[0]]);

  // A pattern whose path starts elsewhere than posts/: the gate cannot see its links, so the plain script runs.
  await ext.call('saveSettings', { linkPatterns: [`${site.origin}/d/{id}`] });
  await until(
    async () => ((await registeredLinkScript(ext))?.js?.[0] === 'links.js' ? true : undefined),
    'the plain link script registered',
  );
  const mirror = await ext.openTab(`${site.origin}/mirror.html`);
  const bars = await waitForBars(ext, mirror, 2, 'bars on the mirror’s links');
  // Each on its post's link (the driver reads /posts/ ids only: here the link's last segment), none on /about.
  expect(bars.map((bar) => bar.linkHref?.split('/').pop()).sort()).toEqual([postIds[0], postIds[1]].sort());
});

test('bars on other sites: on a long page, bars far below rest until the reader scrolls near them, and drawing one moves nothing', async ({
  ext,
  control,
}) => {
  await allowAllSites(ext);
  const page = await ext.openTab(`${site.origin}/long.html`);
  const last = LONG_LINKS - 1;
  // Every post link has its host; the bars near the top are drawn, the last one rests.
  await until(
    async () => ((await barHostsSeenByPage(page)).hosts === LONG_LINKS ? true : undefined),
    'a host after every post link',
  );
  const drawnLinks = async () =>
    (await findBars(ext, page)).filter((bar) => bar.buttons.length > 0).map((bar) => bar.linkHref);
  const lastHref = await page.evaluate((i) => document.querySelectorAll('a')[i]?.getAttribute('href') ?? null, last);
  if (lastHref === null) throw new Error('no last link');
  await until(async () => ((await drawnLinks()).length > 0 ? true : undefined), 'the bars at the top drawn');
  expect(await drawnLinks()).not.toContain(lastHref);
  const place = () =>
    page.evaluate((i) => {
      const word = document.querySelectorAll('b.after')[i] as HTMLElement;
      const box = word.getBoundingClientRect();
      return { left: box.left, top: box.top + scrollY, height: document.documentElement.scrollHeight };
    }, last);
  const before = await place();
  await page.evaluate((i) => document.querySelectorAll('b.after')[i]?.scrollIntoView({ block: 'center' }), last);
  await until(
    async () => ((await drawnLinks()).includes(lastHref) ? true : undefined),
    'the last bar drawn once near the viewport',
  );
  // The word after the link, and the page, are where they were: the resting host was as wide as the bar.
  expect(await place()).toEqual(before);
  await clickBarButton(ext, page, { href: lastHref }, 'Well sourced');
  const reactions = await untilWrites(control, account, 'reaction.created', 1);
  expect(reactions.map((e) => e.postId)).toEqual([postIdOf(lastHref)]);
});
