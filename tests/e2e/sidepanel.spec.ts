import { expect, test } from './fixtures';
import { OptionsPage } from './pages/options-page';
import { OutboxPage } from './pages/outbox-page';
import { SidePanelPage } from './pages/sidepanel-page';
import { expectAccessible } from './support/axe';
import { extensionIdOf, launchChromium, openExtensionPage } from './support/chromium';
import { configure } from './support/extension-client';
import { SandboxClient } from './support/sandbox-client';

interface SandboxEvent {
  type: string;
  data: { id: string; postId?: string; body?: string; kind?: string };
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Events the sandbox recorded (every accepted write emits one). */
async function events(client: SandboxClient): Promise<SandboxEvent[]> {
  return (await client.control<{ events: SandboxEvent[] }>('GET', '/events')).events;
}

/** The public timeline's first page, read through the API with the test key. */
async function firstPage(baseUrl: string, key: string) {
  const response = await fetch(`${baseUrl}/v1/timelines/public?limit=100`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return (await response.json()) as {
    items: { id: string; body: string; reactionCounts: Record<string, number> }[];
  };
}

test('side panel: set the key, read and page the timeline, post, reply and react; each write lands', async ({
  sandbox,
  extensionPage,
}) => {
  const client = new SandboxClient(sandbox.baseUrl);
  const options = new OptionsPage(await extensionPage('options.html'));
  await options.configure(sandbox.baseUrl, sandbox.testKey);
  await expect(options.feedback).toHaveText('Saved.');
  await options.checkKey.click();
  await expect(options.feedback).toContainText('The key works');

  // A fresh post of someone else's at the top of the timeline, to reply and react to.
  const fixtureBody = unique('Fixture: the Route 9 trial report');
  const [fixtureId] = (await client.control<{ ids: string[] }>('POST', '/posts', { posts: [{ body: fixtureBody }] }))
    .ids;

  const panel = new SidePanelPage(await extensionPage('sidepanel.html'));
  await expect(panel.articles.first()).toBeVisible();
  await expect(panel.article(fixtureBody)).toBeVisible();
  // Only the posts in view are rendered; the first page holds 20.
  expect(await panel.loadedCount()).toBeLessThanOrEqual(20);
  expect(await panel.articles.count()).toBeLessThan(20);

  // Scrolling to the end loads the second page (with the API cursor).
  await panel.scrollToEnd();
  await expect.poll(() => panel.loadedCount()).toBeGreaterThan(20);

  // Post: Ctrl+Enter queues it; it lands on the platform; the panel offers it as a new post.
  const postBody = unique('Bus lanes should be permanent');
  await panel.post(postBody);
  await expect(panel.page.getByText(/^Queued\./)).toBeVisible();
  await expect(panel.newPost).toHaveValue('');
  await expect
    .poll(async () => (await firstPage(sandbox.baseUrl, sandbox.testKey)).items.some((p) => p.body === postBody))
    .toBe(true);
  await expect(panel.newPosts).toBeVisible();
  await panel.newPosts.click();
  await expect(panel.articles.first()).toContainText(postBody);

  // Reply inline to the fixture post.
  const fixture = panel.article(fixtureBody);
  const replyBody = unique('Which page of the report?');
  await panel.reply(fixture, replyBody);
  await expect(fixture.getByRole('textbox', { name: 'Reply' })).toHaveCount(0);
  await expect
    .poll(async () =>
      (await events(client)).some(
        (e) => e.type === 'comment.created' && e.data.postId === fixtureId && e.data.body === replyBody,
      ),
    )
    .toBe(true);
  await expect(fixture.getByText('You replied.')).toBeVisible();

  // React "Well sourced": pending at once, then placed when the Outbox has sent it.
  const wellSourced = panel.reaction(fixture, 'Well sourced');
  await wellSourced.click();
  await expect(wellSourced).toHaveAttribute('aria-disabled', 'true');
  await expect(wellSourced).toHaveAccessibleDescription(/you reacted/);
  const landed = (await firstPage(sandbox.baseUrl, sandbox.testKey)).items.find((p) => p.id === fixtureId);
  expect(landed?.reactionCounts.well_sourced).toBe(1);
  expect((await events(client)).some((e) => e.type === 'reaction.created' && e.data.postId === fixtureId)).toBe(true);

  // The Outbox tab lists the three writes.
  await panel.outboxTab.click();
  await expect(panel.page.getByRole('heading', { name: 'Outbox', level: 2 })).toBeVisible();
  const outbox = new OutboxPage(panel.page);
  await expect(outbox.view).toBeVisible();
  await expect(outbox.group('Sent')).toHaveAccessibleName('Sent (3)');
  await expect(outbox.group('Sent').getByRole('listitem')).toHaveCount(3);
  await expect(outbox.group('Sent').getByRole('listitem').filter({ hasText: postBody })).toHaveCount(1);
  await expect(outbox.group('Sent').getByRole('listitem').filter({ hasText: replyBody })).toHaveCount(1);
  await panel.timelineTab.click();
  await expect(fixture).toBeVisible();
});

test('side panel: keyboard, accessibility and screenshots in light and dark', async ({ sandbox, extensionPage }) => {
  const setup = await extensionPage('options.html');
  await configure(setup, sandbox.baseUrl, sandbox.testKey);
  const panel = new SidePanelPage(await extensionPage('sidepanel.html'));
  const page = panel.page;
  await page.setViewportSize({ width: 360, height: 760 });
  await expect(panel.articles.first()).toBeVisible();
  await expectAccessible(page, 'side panel, timeline');
  await page.screenshot({ path: 'test-results/screenshots/sidepanel-light.png' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: 'test-results/screenshots/sidepanel-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });

  // The feed is walked post by post with the keyboard.
  await panel.articles.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(panel.articles.nth(1)).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(page.locator('article:focus')).toHaveAttribute('aria-posinset', '3');
  // Reply opens with the keyboard and puts the caret in the box; Escape closes it and returns focus.
  const thirdId = await page.locator('article:focus').getAttribute('data-post-id');
  const third = page.locator(`article[data-post-id="${thirdId}"]`);
  await third.getByRole('button', { name: 'Reply', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(third.getByRole('textbox', { name: 'Reply' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(third.getByRole('button', { name: 'Reply', exact: true })).toBeFocused();
  // The tabs follow the arrow keys.
  await panel.timelineTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(panel.outboxTab).toBeFocused();
  await expect(panel.outboxTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(panel.timelineTab).toHaveAttribute('aria-selected', 'true');
  // With a reply box open and the Outbox shown, still no violations.
  await third.getByRole('button', { name: 'Reply', exact: true }).click();
  await expectAccessible(page, 'side panel, reply box open', { include: [`article[data-post-id="${thirdId}"]`] });
  await panel.outboxTab.click();
  await expectAccessible(page, 'side panel, Outbox', { include: ['#panel-outbox'] });
});

test('side panel: drafts survive closing the panel and restarting the browser', async ({
  sandbox,
  context,
  extensionId,
  userDataDir,
}) => {
  const setup = await openExtensionPage(context, extensionId, 'options.html');
  await configure(setup, sandbox.baseUrl, sandbox.testKey);
  let panel = new SidePanelPage(await openExtensionPage(context, extensionId, 'sidepanel.html'));
  await panel.newPost.fill('A post I have not finished');
  const first = panel.articles.first();
  await first.getByRole('button', { name: 'Reply', exact: true }).click();
  await first.getByRole('textbox', { name: 'Reply' }).fill('A reply I have not finished');
  const postId = await first.getAttribute('data-post-id');
  await panel.page.close();

  panel = new SidePanelPage(await openExtensionPage(context, extensionId, 'sidepanel.html'));
  await expect(panel.newPost).toHaveValue('A post I have not finished');
  await expect(
    panel.page.locator(`article[data-post-id="${postId}"]`).getByRole('textbox', { name: 'Reply' }),
  ).toHaveValue('A reply I have not finished');
  await context.close();

  const reopened = await launchChromium({ userDataDir });
  try {
    const id = await extensionIdOf(reopened.context);
    panel = new SidePanelPage(await openExtensionPage(reopened.context, id, 'sidepanel.html'));
    await expect(panel.newPost).toHaveValue('A post I have not finished');
    await expect(
      panel.page.locator(`article[data-post-id="${postId}"]`).getByRole('textbox', { name: 'Reply' }),
    ).toHaveValue('A reply I have not finished');
    // Queued: the draft is gone for good.
    await panel.postButton.click();
    await expect(panel.page.getByText(/^Queued\./)).toBeVisible();
    await panel.page.reload();
    await expect(panel.articles.first()).toBeVisible();
    await expect(panel.newPost).toHaveValue('');
  } finally {
    await reopened.context.close();
  }
});

test('side panel: without a key it says so and opens the options page', async ({ context, extensionPage }) => {
  const panel = new SidePanelPage(await extensionPage('sidepanel.html'));
  await expect(panel.page.getByRole('alert')).toContainText('Set it on the options page.');
  const opened = context.waitForEvent('page');
  await panel.page.getByRole('link', { name: 'Open the options page' }).click();
  // Chromium shows the options page embedded in its extensions page.
  expect((await opened).url()).toMatch(/\/options\.html$|^chrome:\/\/extensions\/\?options=/);
});

test('side panel: the next opening draws the last one’s picture first, then the live panel replaces it', async ({
  sandbox,
  extensionPage,
}) => {
  await configure(await extensionPage('options.html'), sandbox.baseUrl, sandbox.testKey);
  const first = new SidePanelPage(await extensionPage('sidepanel.html'));
  await expect(first.articles.first()).toBeVisible();
  const shown = await first.articles.count();
  // The picture is kept at an idle moment after the fresh first page is drawn.
  await expect
    .poll(() => first.page.evaluate(() => localStorage.getItem('debateCompanion.panelSnapshot.v1')?.length ?? 0))
    .toBeGreaterThan(0);
  await first.page.close();

  const again = new SidePanelPage(await extensionPage('sidepanel.html'));
  await expect(again.articles.first()).toBeVisible();
  const marks = await again.page.evaluate(async () => {
    while (performance.getEntriesByName('dc:timeline-interactive').length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const time = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? Number.NaN;
    return { picture: time('dc:timeline-first-items'), live: time('dc:timeline-interactive') };
  });
  // The picture was on screen before the live panel, and is gone: one set of posts, all usable.
  expect(marks.picture).toBeLessThan(marks.live);
  expect(await again.page.locator('#snapshot, [inert]').count()).toBe(0);
  expect(await again.articles.count()).toBe(shown);
  await again.articles.first().focus();
  await expect(again.articles.first()).toBeFocused();
});
