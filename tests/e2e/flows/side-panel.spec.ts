import { USER_SCOPES } from '../driver/extension';
import { descriptionOf, sandboxEvents, seedPosts } from '../driver/side-panel';
import { expect, test } from '../driver/test';
import { click, fieldValue, find, findAll, role, textOf, uniqueTag, until, waitForText } from '../driver/ui';
import { OptionsScreen } from '../screens/options';
import { OutboxScreen } from '../screens/outbox';
import { SidePanelScreen } from '../screens/side-panel';
import { scaled } from '../support/time';

/** The public timeline's first page, read through the API with the test's key. */
async function firstPage(baseUrl: string, key: string) {
  const response = await fetch(`${baseUrl}/v1/timelines/public?limit=100`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return (await response.json()) as { items: { id: string; body: string; reactionCounts: Record<string, number> }[] };
}

// The first test of the file meets the extension as installed: no address, no key.
test('side panel: without a key it says so and opens the options page', async ({ ext }) => {
  const panel = await SidePanelScreen.open(ext);
  await waitForText(panel.page, 'Set it on the options page.', { selector: role('alert') });
  await click(panel.page, role('link', 'Open the options page'));
  const options = await ext.waitForPage('options.html');
  await find(options, OptionsScreen.baseUrl);
});

test('side panel: set the key, read and page the timeline, post, reply and react; each write lands once', async ({
  ext,
  control,
}) => {
  test.setTimeout(scaled(90_000));
  const { key, account } = await control.newKey(USER_SCOPES);
  const options = await OptionsScreen.open(ext);
  await options.configure(control.baseUrl, key);
  await click(options.page, OptionsScreen.checkKey);
  await waitForText(options.page, 'The key works', { selector: OptionsScreen.feedback });

  // Someone else's fresh post at the top of the timeline, to reply and react to.
  const fixtureBody = `Fixture: the Route 9 trial report ${uniqueTag()}`;
  const [fixtureId] = await seedPosts(control, [fixtureBody]);

  const panel = await SidePanelScreen.open(ext);
  await panel.firstArticle();
  await panel.article(fixtureBody);
  // Only the posts in view are drawn; the first page holds 20.
  expect(await panel.loadedCount()).toBeLessThanOrEqual(20);
  expect((await findAll(panel.page, SidePanelScreen.articles)).length).toBeLessThan(20);

  // Scrolling to the end loads the second page (with the API cursor).
  await panel.scrollToEnd();
  await expect.poll(() => panel.loadedCount(), { timeout: scaled(15_000) }).toBeGreaterThan(20);

  // Post: Ctrl+Enter queues it; it lands once, as this account; the panel offers it as a new post.
  const postBody = `Bus lanes should be permanent ${uniqueTag()}`;
  await panel.post(postBody);
  await waitForText(panel.page, /^Queued\./, { selector: '.composer-message' });
  expect(await fieldValue(panel.page, SidePanelScreen.newPost)).toBe('');
  await expect
    .poll(async () => (await control.postsOf(key, account)).map((post) => post.body), { timeout: scaled(15_000) })
    .toEqual([postBody]);
  await click(panel.page, SidePanelScreen.newPosts);
  await waitForText(panel.page, postBody, { selector: SidePanelScreen.articles });

  // Reply inline to the fixture post: the box closes, the reply lands once, the post says so.
  const replyBody = `Which page of the report? ${uniqueTag()}`;
  await panel.reply(await panel.article(fixtureBody), replyBody);
  await until(
    async () => ((await (await panel.article(fixtureBody)).$(role('textbox', 'Reply'))) === null ? true : undefined),
    'the reply box closed',
  );
  const mine = async (type: string) =>
    (await sandboxEvents(control)).filter((e) => e.type === type && e.data.postId === fixtureId);
  await expect
    .poll(async () => (await mine('comment.created')).map((e) => e.data.body), { timeout: scaled(15_000) })
    .toEqual([replyBody]);
  await until(
    async () => ((await textOf(await panel.article(fixtureBody))).includes('You replied.') ? true : undefined),
    '"You replied." on the post',
    scaled(20_000),
  );

  // React "Well sourced": marked at once (no second click possible), then placed once it is sent.
  const reaction = SidePanelScreen.reaction('Well sourced');
  await click(await panel.article(fixtureBody), reaction);
  const mark = async () => {
    const button = await find(await panel.article(fixtureBody), reaction);
    return {
      disabled: await button.evaluate((el) => el.getAttribute('aria-disabled')),
      description: await descriptionOf(button),
    };
  };
  expect((await mark()).disabled).toBe('true');
  await expect.poll(async () => (await mark()).description, { timeout: scaled(15_000) }).toMatch(/you reacted/);
  expect((await mark()).disabled).toBe('true');
  const landed = (await firstPage(control.baseUrl, key)).items.find((post) => post.id === fixtureId);
  expect(landed?.reactionCounts.well_sourced).toBe(1);
  expect((await mine('reaction.created')).map((e) => e.data.kind)).toEqual(['well_sourced']);
  // Counted once: the post was read before the reaction went, so the panel adds it (1, not the
  // platform's 0 of that read); after the next read the platform's 1 has it, and nothing is added.
  expect((await mark()).description).toBe('1 so far, you reacted');
  const reads = async () =>
    (await control.control<{ requests: { method: string; path: string }[] }>('GET', '/requests')).requests.filter(
      (entry) => entry.method === 'GET' && entry.path === '/v1/timelines/public',
    ).length;
  const readsBefore = await reads();
  await click(panel.page, SidePanelScreen.refresh);
  await expect.poll(reads, { timeout: scaled(15_000) }).toBeGreaterThan(readsBefore);
  await until(
    async () =>
      (await (await find(panel.page, SidePanelScreen.refresh)).evaluate((el) => el.hasAttribute('aria-disabled')))
        ? undefined
        : true,
    'the refresh done',
  );
  expect((await mark()).description).toBe('1 so far, you reacted');

  // The Outbox tab lists the three writes as sent.
  await click(panel.page, SidePanelScreen.outboxTab);
  const heading = await find(panel.page, role('heading', 'Outbox', { exact: true }));
  expect(await heading.evaluate((el) => el.localName)).toBe('h2');
  const sent = await find(panel.page, `${OutboxScreen.view} ${role('region', 'Sent (3)', { exact: true })}`);
  expect(await sent.$$eval('li.outbox-entry', (items) => items.length)).toBe(3);
  const outbox = new OutboxScreen(panel.page);
  expect(await outbox.count(postBody)).toBe(1);
  expect(await outbox.count(replyBody)).toBe(1);
  expect(await textOf(sent)).toContain('Well sourced');
  await click(panel.page, SidePanelScreen.timelineTab);
  await panel.article(fixtureBody);
});

test('side panel: the next opening draws the last one’s posts at once, then the fresh ones, each post once', async ({
  ext,
  control,
}) => {
  const { key } = await control.newKey(USER_SCOPES);
  const options = await OptionsScreen.open(ext);
  await options.configure(control.baseUrl, key);
  const first = await SidePanelScreen.open(ext);
  await first.firstArticle();
  // The first page is kept once it is drawn, for the next opening to draw while its answers travel.
  await until(
    async () =>
      (await first.page.evaluate(() => localStorage.getItem('debateCompanion.panelCache.v1')?.length ?? 0)) > 0
        ? true
        : undefined,
    'the first page kept',
  );
  // What panels before 29 Nov 2026 kept (a picture of the last opening): removed, never drawn.
  await first.page.evaluate(() => localStorage.setItem('debateCompanion.panelSnapshot.v1', '{"stamp":"old"}'));
  await first.page.close();

  const again = await SidePanelScreen.open(ext);
  await again.firstArticle();
  expect(await again.page.evaluate(() => localStorage.getItem('debateCompanion.panelSnapshot.v1'))).toBeNull();
  expect((await findAll(again.page, '#snapshot, [inert]')).length).toBe(0);
  // The list is virtual: how many posts are drawn follows measured heights, so the check is that
  // each drawn post is there once, from the first on.
  const positions = await Promise.all(
    (await findAll(again.page, SidePanelScreen.articles)).map((a) =>
      a.evaluate((el) => Number(el.getAttribute('aria-posinset'))),
    ),
  );
  expect(positions).toContain(1);
  expect(new Set(positions).size).toBe(positions.length);
  const top = await again.firstArticle();
  await top.focus();
  expect(await top.evaluate((el) => el === document.activeElement)).toBe(true);
});
