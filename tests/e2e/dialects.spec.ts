import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { OptionsPage } from './pages/options-page';
import { OutboxPage } from './pages/outbox-page';
import { SidePanelPage } from './pages/sidepanel-page';
import { call } from './support/extension-client';
import { earlySends, SandboxClient } from './support/sandbox-client';

/**
 * The main user flow against each of the sandbox's dialects (sandbox/README.md, "Dialects"):
 * three servers that keep the spec and choose differently wherever it is silent. What the user
 * sees must read the same way on each: scopes after the key check, times, names and counts on the
 * timeline, paging to the end past empty pages, and every write ending in words that are true.
 */
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Post {
  id: string;
  body?: string;
}

/** Posts as the extension reads them (normalised: the same shape whatever the dialect), newest first. */
async function timeline(page: Page, pages = 6): Promise<Post[]> {
  const posts: Post[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < pages; n += 1) {
    const read = await call<{ items: Post[]; nextCursor: string | null }>(page, 'getTimelinePage', {
      limit: 50,
      ...(cursor === undefined ? {} : { cursor }),
    });
    posts.push(...read.items);
    if (read.nextCursor === null) break;
    cursor = read.nextCursor;
  }
  return posts;
}

for (const dialect of ['standard', 'snake', 'resource']) {
  test(`against the ${dialect} dialect: key check with scopes, timeline read to the end, every write ends in true words`, async ({
    sandbox,
    extensionPage,
  }) => {
    const client = new SandboxClient(sandbox.baseUrl);
    await client.control('POST', '/dialect', { name: dialect });
    try {
      const { key, account } = await client.newKey(['posts:read', 'posts:write', 'reactions:write']);
      // Held posts at the top: where they use up page slots, the first pages come back empty.
      const { key: holder, account: holderAccount } = await client.newKey(['posts:write']);
      await client.setBudget(holderAccount, 100, 60);
      for (let n = 0; n < 25; n += 1) {
        await fetch(`${sandbox.baseUrl}/v1/posts`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${holder}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ body: `Waiting for review ${n} #hold` }),
        });
      }
      const fixtureBody = unique('Fixture: the ferry timetable');
      await client.control('POST', '/posts', { posts: [{ body: fixtureBody }] });

      // The key check names the account and its scopes.
      const options = new OptionsPage(await extensionPage('options.html'));
      await options.configure(sandbox.baseUrl, key);
      await options.checkKey.click();
      await expect(options.feedback).toContainText('The key works');
      await expect(options.page.locator('.scopes li.granted')).toHaveCount(3);

      // The timeline: times, names and counts; paged to the end past the empty pages, each post once.
      const panel = new SidePanelPage(await extensionPage('sidepanel.html'));
      const fixture = panel.article(fixtureBody);
      await expect(fixture).toBeVisible();
      const first = panel.articles.first();
      await expect(first.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
      await expect(first).not.toContainText(/undefined|NaN|Invalid Date|\[object/);
      // Scroll as a reader does (and press "Load more" if paging waits) until the end is reached.
      const end = panel.page.getByText('You have reached the end of the timeline.');
      await expect(async () => {
        const more = panel.page.getByRole('button', { name: 'Load more' });
        if (await more.isVisible()) await more.click();
        await panel.scrollToEnd();
        await expect(end).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      const all = await timeline(options.page, 20);
      expect(new Set(all.map((post) => post.id)).size).toBe(all.length);
      // At the end the feed knows its size: every post the platform has, each once.
      await expect(first).toHaveAttribute('aria-setsize', String(all.length));

      // Writes: post, reply, reaction, the same reaction again, a held post, a rejected post.
      const fixtureId = all.find((post) => post.body === fixtureBody)?.id as string;
      const postBody = unique(`Plain post in ${dialect}`);
      await panel.post(postBody);
      await panel.reply(fixture, 'Which sailing?');
      await panel.reaction(fixture, 'Well sourced').click();
      // Once it is placed, the same reaction again (the platform answers that it already exists).
      await expect(panel.reaction(fixture, 'Well sourced')).toHaveAccessibleDescription(/you reacted/);
      const write = (request: Record<string, unknown>) => call(options.page, 'enqueueWrite', request);
      await write({ kind: 'reaction', postId: fixtureId, reaction: 'well_sourced' });
      await write({ kind: 'post', body: 'Please look at this first #hold' });
      await write({ kind: 'post', body: 'Buy now at the casino' });

      await panel.outboxTab.click();
      const outbox = new OutboxPage(panel.page);
      await expect(outbox.group('Sent')).toHaveAccessibleName('Sent (5)');
      await expect(outbox.item(postBody)).toContainText(/Sent at/);
      await expect(outbox.item('#hold')).toContainText('In review');
      await expect(outbox.item('#hold')).toContainText('held for moderation: it is not public yet');
      await expect(outbox.item('#hold').getByRole('link', { name: 'View on the platform' })).toHaveCount(0);
      await expect(outbox.item('casino')).toContainText('The platform refused it: Rejected as spam');
      await expect(outbox.view).not.toContainText(/reactions\/|undefined|NaN/);

      // A spent budget: the next writes wait with a countdown and land once each, never early.
      await client.setBudget(account, 1, 3);
      await write({ kind: 'post', body: unique('Budget one') });
      await write({ kind: 'post', body: unique('Budget two') });
      await expect(outbox.view.getByText(/sends in 0:0\d/)).toBeVisible();
      await expect(outbox.group('Sent')).toHaveAccessibleName('Sent (7)');
      expect(earlySends(await client.writeLog(account))).toEqual([]);
      await client.setBudget(account, 30, 60);

      // A lost answer is found again and settles as sent.
      await client.control('POST', '/faults', { count: 1, method: 'POST', path: '/v1/posts', dropAfterCommit: true });
      await write({ kind: 'post', body: unique('Answer lost on the way') });
      await expect(outbox.group('Sent')).toHaveAccessibleName('Sent (8)');

      // A removed post: the reply fails as "no longer exists".
      await client.control('POST', `/posts/${fixtureId}/remove`, {});
      await write({ kind: 'comment', postId: fixtureId, body: 'Too late for this one' });
      await expect(outbox.item('Too late for this one')).toContainText('The post no longer exists on the platform.');

      // A disabled key: the banner gives the platform's reason.
      await client.disableKey(key, 'Paused after a burst of reports');
      await write({ kind: 'post', body: unique('While paused') });
      await expect(outbox.banner).toContainText('Paused after a burst of reports');
      await client.enableKey(key);

      await panel.page.screenshot({ path: `test-results/dialect-${dialect}-outbox.png` });
      await panel.timelineTab.click();
      await panel.page.screenshot({ path: `test-results/dialect-${dialect}-timeline.png` });
    } finally {
      await client.control('POST', '/dialect', { name: 'standard' });
      await client.control('DELETE', '/faults');
    }
  });
}
