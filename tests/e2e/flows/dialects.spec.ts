import type { ElementHandle } from 'puppeteer-core';
import { listOutbox, USER_SCOPES } from '../driver/extension';
import { discardWaiting, waitForGroup } from '../driver/outbox';
import { expect, test } from '../driver/test';
import { click, find, findAll, role, textOf, uniqueTag, until, waitForText } from '../driver/ui';
import { OptionsScreen } from '../screens/options';
import { OutboxScreen } from '../screens/outbox';
import { SidePanelScreen } from '../screens/side-panel';
import { earlySends } from '../support/sandbox-client';
import { scaled } from '../support/time';

/**
 * The main user flow against each of the sandbox's dialects (sandbox/README.md, "Dialects"):
 * three servers that keep the spec and choose differently wherever it is silent. What the user
 * sees must read the same way on each: scopes after the key check, times, names and counts on the
 * timeline, paging to the end past empty pages, and every write ending in words that are true.
 */
const unique = (label: string) => `${label} ${uniqueTag()}`;

interface Post {
  id: string;
  body?: string;
}

test.afterEach(async ({ ext, control }) => {
  await discardWaiting(ext);
  await control.control('POST', '/dialect', { name: 'standard' });
  await control.control('DELETE', '/faults');
});

/** The words an element's `aria-describedby` points at (its accessible description). */
function descriptionOf(el: ElementHandle): Promise<string> {
  return el.evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id === '' ? '' : (node.ownerDocument.getElementById(id)?.textContent ?? '')))
      .join(' '),
  );
}

for (const dialect of ['standard', 'snake', 'resource']) {
  test(`against the ${dialect} dialect: key check with scopes, timeline read to the end, every write ends in true words`, async ({
    ext,
    control,
  }) => {
    await control.control('POST', '/dialect', { name: dialect });
    const tag = uniqueTag();
    const { key, account } = await control.newKey(USER_SCOPES);
    // Held posts at the top: where they use up page slots, the first pages come back empty.
    const { key: holder, account: holderAccount } = await control.newKey(['posts:write']);
    await control.setBudget(holderAccount, 100, 60);
    for (let n = 0; n < 25; n += 1) {
      await fetch(`${control.baseUrl}/v1/posts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${holder}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ body: `Waiting for review ${n} #hold` }),
      });
    }
    const fixtureBody = unique('Fixture: the ferry timetable');
    await control.control('POST', '/posts', { posts: [{ body: fixtureBody }] });

    // The key check names the account and its scopes.
    const options = await OptionsScreen.open(ext);
    await options.configure(control.baseUrl, key);
    await click(options.page, OptionsScreen.checkKey);
    await waitForText(options.page, 'The key works', { selector: OptionsScreen.feedback });
    await until(
      async () => ((await findAll(options.page, '.scopes li.granted')).length === 3 ? true : undefined),
      'three scopes granted',
    );

    // The timeline: times, names and counts; paged to the end past the empty pages, each post once.
    const panel = await SidePanelScreen.open(ext);
    await panel.article(fixtureBody);
    const first = await panel.firstArticle();
    expect(await first.$eval('time', (time) => time.getAttribute('datetime'))).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await textOf(first)).not.toMatch(/undefined|NaN|Invalid Date|\[object/);
    // Scroll as a reader does (and press "Load more" if paging waits) until the end is reached.
    await until(
      async () => {
        const more = await panel.page.$(role('button', 'Load more'));
        if (more !== null) await more.click();
        await panel.scrollToEnd();
        return (await textOf(panel.page)).includes('You have reached the end of the timeline.') ? true : undefined;
      },
      'the end of the timeline',
      scaled(30_000),
    );
    const all: Post[] = [];
    for (let cursor: string | undefined, n = 0; n < 20; n += 1) {
      const read = await ext.call<{ items: Post[]; nextCursor: string | null }>('getTimelinePage', {
        limit: 50,
        ...(cursor === undefined ? {} : { cursor }),
      });
      all.push(...read.items);
      if (read.nextCursor === null) break;
      cursor = read.nextCursor;
    }
    expect(new Set(all.map((post) => post.id)).size).toBe(all.length);
    // At the end the feed knows its size: every post the platform has, each once.
    const drawn = await panel.firstArticle();
    expect(await drawn.evaluate((el) => el.getAttribute('aria-setsize'))).toBe(String(all.length));

    // Writes: post, reply, reaction, the same reaction again, a held post, a rejected post.
    const fixtureId = all.find((post) => post.body === fixtureBody)?.id as string;
    const postBody = unique(`Plain post in ${dialect}`);
    // What earlier tests of the file sent (their browser is shared): this test's writes count on top.
    const sentBefore = (await listOutbox(ext)).filter((item) => item.state.status === 'sent').length;
    // Back up to the composer at the top of the timeline, as the reader scrolls.
    await (await find(panel.page, '.vlist')).evaluate((list) => {
      list.scrollTop = 0;
    });
    // The probe page of `ext.call` may have opened in front: the reader is back on the panel.
    await panel.page.bringToFront();
    await panel.post(postBody);
    await panel.reply(await panel.article(fixtureBody), 'Which sailing?');
    await click(await panel.article(fixtureBody), SidePanelScreen.reaction('Well sourced'));
    // Once it is placed, the same reaction again (the platform answers that it already exists).
    await until(async () => {
      const button = await (await panel.article(fixtureBody)).$(SidePanelScreen.reaction('Well sourced'));
      return button !== null && /you reacted/.test(await descriptionOf(button)) ? true : undefined;
    }, 'the reaction placed');
    const write = (request: Record<string, unknown>) => ext.call('enqueueWrite', request);
    await write({ kind: 'reaction', postId: fixtureId, reaction: 'well_sourced' });
    await write({ kind: 'post', body: `Please look at this first #hold ${tag}` });
    await write({ kind: 'post', body: `Buy now at the casino ${tag}` });

    const outbox = new OutboxScreen(panel.page);
    await outbox.open();
    await waitForGroup(outbox.page, `Sent (${sentBefore + 5})`);
    await outbox.item(postBody, /Sent at/);
    const held = await outbox.item(`#hold ${tag}`, /In review/);
    expect(await textOf(held)).toContain('held for moderation: it is not public yet');
    expect(await held.$(role('link', 'View on the platform'))).toBeNull();
    await outbox.item(`casino ${tag}`, /The platform refused it: Rejected as spam/);
    expect(await textOf(outbox.page, OutboxScreen.view)).not.toMatch(/reactions\/|undefined|NaN/);

    // A spent budget: the next writes wait with a countdown and land once each, never early.
    await control.setBudget(account, 1, 2);
    await write({ kind: 'post', body: unique('Budget one') });
    await write({ kind: 'post', body: unique('Budget two') });
    await waitForText(outbox.page, /sends in 0:0\d/, { selector: OutboxScreen.view });
    await waitForGroup(outbox.page, `Sent (${sentBefore + 7})`);
    expect(earlySends(await control.writeLog(account))).toEqual([]);
    await control.setBudget(account, 30, 60);

    // A lost answer is found again and settles as sent.
    await control.control('POST', '/faults', { count: 1, method: 'POST', path: '/v1/posts', dropAfterCommit: true });
    await write({ kind: 'post', body: unique('Answer lost on the way') });
    // Found again after the Outbox's retries, whose waits are full-jitter (up to 8 s each): a limit of
    // 30 s, as a 15 s one was once passed in a full Firefox ESR 140 run.
    await waitForGroup(outbox.page, `Sent (${sentBefore + 8})`, scaled(30_000));

    // A removed post: the reply fails as "no longer exists".
    await control.control('POST', `/posts/${fixtureId}/remove`, {});
    await write({ kind: 'comment', postId: fixtureId, body: `Too late for this one ${tag}` });
    await outbox.item(`Too late for this one ${tag}`, /The post no longer exists on the platform\./);

    // A disabled key: the banner gives the platform's reason.
    await control.disableKey(key, 'Paused after a burst of reports');
    await write({ kind: 'post', body: unique('While paused') });
    await waitForText(outbox.page, 'Paused after a burst of reports', { selector: OutboxScreen.banner });
    await control.enableKey(key);

    await panel.page.screenshot({ path: test.info().outputPath(`dialect-${dialect}-outbox.png`) });
    await click(panel.page, SidePanelScreen.timelineTab);
    await panel.page.screenshot({ path: test.info().outputPath(`dialect-${dialect}-timeline.png`) });
  });
}
