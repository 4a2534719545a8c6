import type { Page } from 'puppeteer-core';
import { BAR_CSS } from '../../../entrypoints/link-bar/styles';
import { removeEveryAccount } from '../driver/accounts';
import { axeViolations, COLOUR_RULES } from '../driver/axe';
import {
  barHostsSeenByPage,
  barMarkup,
  barOf,
  barStatus,
  clickBarButton,
  findBars,
  focusedComposer,
  pressBarButton,
  waitForBarHosts,
  waitForBars,
  waitForStatus,
} from '../driver/bars';
import { configure, USER_SCOPES } from '../driver/extension';
import {
  decorateSandboxSite,
  registeredLinkScript,
  SANDBOX_SITE_MATCHES,
  waitForRegistration,
} from '../driver/link-scripts';
import { expect, test } from '../driver/test';
import type { ExtensionBrowser } from '../driver/types';
import { click, press, until, untilInPage, waitForText } from '../driver/ui';
import { outboxMark, outboxSince, publishedPostIds, untilWrites, writesOf } from '../driver/writes';

/** How many posts the page lists. */
function postsOn(page: Page): Promise<number> {
  return page.$$eval('article[data-post-id]', (articles) => articles.length);
}

/** Opens Reply on the bar of `postId` with a real click, types, and sends with Ctrl+Enter. */
async function replyWithKeyboard(ext: ExtensionBrowser, page: Page, postId: string, text: string): Promise<void> {
  await clickBarButton(ext, page, { postId }, 'Reply');
  await focusedComposer(page).catch(async (error: unknown) => {
    const bar = await barOf(ext, page, { postId });
    // A click the bar refused says so ("Ignored: …": at that instant the browser did not see it
    // plainly visible, as after a layout shift), and the user clicks again, as anyone would. Once:
    // "a real click reacts" above shows a first click counts.
    if (bar.status.startsWith('Ignored:') && !bar.composerOpen) {
      await clickBarButton(ext, page, { postId }, 'Reply');
      return focusedComposer(page);
    }
    // What the bar said of the click (nothing, or something else): the next reader's lead.
    throw new Error(`${error} (the bar says "${bar.status}", composer open: ${bar.composerOpen})`);
  });
  await page.keyboard.type(text);
  await press(page, 'Control+Enter');
}

// A test's accounts go with it: a write it leaves waiting (the rate-limit countdown's last reaction)
// and its account's rate-limit pause would hold the next test's writes (the browser is the file's).
test.afterEach(async ({ ext }) => {
  await removeEveryAccount(ext);
});

// The first test of the file meets the extension as installed: not configured, no link script.
test('inline bars: a tab of the site open before the extension was configured gets its bars without a reload, once each', async ({
  ext,
  control,
}) => {
  const page = await ext.openTab(`${control.baseUrl}/`);
  expect(await barHostsSeenByPage(page)).toEqual({ hosts: 0, open: 0 });
  await decorateSandboxSite(ext, control);
  const posts = await postsOn(page);
  await waitForBarHosts(page, posts, 'a bar per post in the tab opened before');
  await waitForBars(ext, page, 1, 'the bars near the top drawn');
  // A second change of the registration (an excluded site) injects again; the frame's script runs once.
  await ext.call('saveSettings', { excludedHosts: ['example.org'] });
  await until(
    async () => (((await registeredLinkScript(ext))?.excludeMatches ?? []).length > 0 ? true : undefined),
    'the new plan',
  );
  const drawn = await findBars(ext, page);
  expect(new Set(drawn.map((bar) => bar.linkHref)).size).toBe(drawn.length);
  expect(await barHostsSeenByPage(page)).toEqual({ hosts: posts, open: 0 });
});

test('inline bars: every post gets one in a closed root; a real click reacts, Ctrl+Enter replies, Esc cancels', async ({
  ext,
  control,
}) => {
  const { account } = await decorateSandboxSite(ext, control);
  const mark = await outboxMark(ext);
  const page = await ext.openTab(`${control.baseUrl}/`);
  const posts = await postsOn(page);
  // Every post link gets its bar; those near the viewport are drawn, the others rest until the reader comes near.
  await waitForBarHosts(page, posts, 'a bar on every post');
  const bars = await waitForBars(ext, page, 2, 'the bars near the top drawn');
  expect(bars.every((bar) => bar.mode === 'closed')).toBe(true);
  // Undo is there but hidden until a click is held for it.
  expect(bars[0]?.buttons.map((b) => [b.label, b.hidden])).toEqual([
    ['Well sourced', false],
    ['Reply', false],
    ['Undo', true],
  ]);
  // The page sees plain spans and no way in.
  expect(await barHostsSeenByPage(page)).toEqual({ hosts: posts, open: 0 });

  const [firstId, secondId] = bars.map((bar) => bar.postId);
  if (firstId === undefined || secondId === undefined) throw new Error('bars without post links');
  await clickBarButton(ext, page, { postId: firstId }, 'Well sourced');
  if (ext.engine === 'firefox') {
    // Firefox has no IntersectionObserver v2: a pointer click cannot be proven seen, so the bar holds
    // the reaction for an Undo window (5 s) and shows Undo; then it goes.
    await waitForStatus(ext, page, { postId: firstId }, /^Well sourced: sends in [1-5] s$/);
    expect((await barOf(ext, page, { postId: firstId })).buttons.find((b) => b.label === 'Undo')?.hidden).toBe(false);
  } else {
    // Chromium proves the click seen: never held, Undo stays hidden.
    expect((await barOf(ext, page, { postId: firstId })).buttons.find((b) => b.label === 'Undo')?.hidden).toBe(true);
  }
  const reactions = await untilWrites(control, account, 'reaction.created', 1);
  expect(reactions.map((e) => [e.postId, e.kind])).toEqual([[firstId, 'well_sourced']]);
  await waitForStatus(ext, page, { postId: firstId }, 'Well sourced: sent');
  expect((await barOf(ext, page, { postId: firstId })).buttons[0]?.pressed).toBe(true);

  await replyWithKeyboard(ext, page, secondId, 'Replying from the inline bar.');
  const comments = await untilWrites(control, account, 'comment.created', 1);
  expect(comments.map((e) => [e.postId, e.body])).toEqual([[secondId, 'Replying from the inline bar.']]);
  await waitForStatus(ext, page, { postId: secondId }, 'Reply: sent');

  // Esc cancels: nothing is written.
  await clickBarButton(ext, page, { postId: firstId }, 'Reply');
  await focusedComposer(page);
  await page.keyboard.type('Never sent');
  await page.keyboard.press('Escape');
  // Once the composer is gone (as the user sees it close), Ctrl+Enter has nothing to send. (Pressed
  // within a few ms of Esc, before the bar has taken the frame out, the frame still sends: see the report.)
  await until(
    async () => ((await barOf(ext, page, { postId: firstId })).composerOpen ? undefined : true),
    'the composer closed',
  );
  await press(page, 'Control+Enter');
  // A control write after it (a new reaction: the second post has none yet): writes leave the
  // Outbox in order, so once it has landed a wrongly sent comment would have landed before it.
  await clickBarButton(ext, page, { postId: secondId }, 'Well sourced');
  const afterControl = await untilWrites(control, account, 'reaction.created', 2);
  expect(afterControl.map((e) => [e.postId, e.kind])).toEqual([
    [firstId, 'well_sourced'],
    [secondId, 'well_sourced'],
  ]);
  // As the user sees it land: the bar's status line changes once more, before the next click on it.
  await waitForStatus(ext, page, { postId: secondId }, 'Well sourced: sent');
  const outbox = await outboxSince(ext, mark);
  expect(outbox.map((item) => item.request.kind).sort()).toEqual(['comment', 'reaction', 'reaction']);
  const commentsAfter = (await writesOf(control, account)).filter((e) => e.type === 'comment.created');
  expect(commentsAfter.map((e) => e.body)).toEqual(['Replying from the inline bar.']);
  // Nor did Ctrl+Enter on the Reply button (where Esc put the focus) open the composer again.
  expect((await barOf(ext, page, { postId: firstId })).composerOpen).toBe(false);

  // A reply the platform holds for moderation reads "in review" in the bar, as in the Outbox.
  await replyWithKeyboard(ext, page, secondId, 'A closer look first, please. #hold');
  await waitForStatus(ext, page, { postId: secondId }, 'Reply: in review');
});

test('inline bars: a post page gets its bar, and a real click there reacts to that post', async ({ ext, control }) => {
  const { key, account } = await decorateSandboxSite(ext, control);
  const [postId] = await publishedPostIds(control, key);
  const page = await ext.openTab(`${control.baseUrl}/posts/${postId}`);
  const [bar] = await waitForBars(ext, page, 1);
  expect(bar?.postId).toBe(postId);
  await clickBarButton(ext, page, { index: 0 }, 'Well sourced');
  const events = await untilWrites(control, account, 'reaction.created', 1);
  expect(events.map((e) => e.postId)).toEqual([postId]);
});

test('inline bars: from the keyboard, Tab from the link reaches the buttons, Enter reacts, Space opens Reply', async ({
  ext,
  control,
}) => {
  const { key, account } = await decorateSandboxSite(ext, control);
  const [postId] = await publishedPostIds(control, key);
  const page = await ext.openTab(`${control.baseUrl}/posts/${postId}`);
  await waitForBars(ext, page, 1);
  await page.focus(`article a[href="/posts/${postId}"]`);
  await page.keyboard.press('Tab');
  // Focus went into the closed root: the page only sees its host.
  expect(await page.evaluate(() => document.activeElement?.localName)).toBe('span');
  // A key press on the focused button is the user's own in both browsers: never held for Undo.
  await page.keyboard.press('Enter');
  const reactions = await untilWrites(control, account, 'reaction.created', 1);
  expect(reactions.map((e) => e.postId)).toEqual([postId]);
  // Tab on to Reply, open the composer with Space, send with Ctrl+Enter.
  await page.keyboard.press('Tab');
  await page.keyboard.press(' ');
  await focusedComposer(page);
  await page.keyboard.type('Typed without a mouse.');
  await press(page, 'Control+Enter');
  const comments = await untilWrites(control, account, 'comment.created', 1);
  expect(comments.map((e) => [e.postId, e.body])).toEqual([[postId, 'Typed without a mouse.']]);
});

test('inline bars: states show in place, failed with the reason, waiting for the rate limit with a countdown', async ({
  ext,
  control,
}) => {
  // A key without reactions:write, then a full key of the same account.
  const { key: noReactions, account } = await control.newKey(['posts:read', 'posts:write']);
  const { key } = await control.newKey(USER_SCOPES, account);
  await configure(ext, control.baseUrl, noReactions);
  await waitForRegistration(ext, SANDBOX_SITE_MATCHES);
  const page = await ext.openTab(`${control.baseUrl}/`);
  const [a, b, c] = (await waitForBars(ext, page, 3)).map((bar) => ({ postId: bar.postId as string }));
  if (a === undefined || b === undefined || c === undefined) throw new Error('fewer than three bars');
  // From the keyboard: the states are the subject here, and a key press is never held for Undo (Firefox).

  // The reaction fails, and the bar says why.
  await pressBarButton(ext, page, a, 'Well sourced');
  const failed = await waitForStatus(ext, page, a, /^Well sourced: failed: /);
  expect(failed).toContain('reactions:write');

  // One write per 30 s: the first goes, the second waits with a countdown (the test does not wait it out).
  await ext.call('saveKey', { key });
  await control.setSilentBudget(account, 1, 30);
  await pressBarButton(ext, page, b, 'Well sourced');
  await waitForStatus(ext, page, b, 'Well sourced: sent');
  await pressBarButton(ext, page, c, 'Well sourced');
  const waiting = await waitForStatus(ext, page, c, /^Well sourced: waiting for the rate limit, 0:[0-3]\d$/);
  // The clock runs down in place.
  await until(async () => ((await barStatus(ext, page, c)) !== waiting ? true : undefined), 'the next second');
  expect(await barStatus(ext, page, c)).toMatch(/^Well sourced: waiting for the rate limit, 0:[0-3]\d$/);
  expect((await writesOf(control, account)).filter((e) => e.type === 'reaction.created')).toEqual([
    { type: 'reaction.created', postId: b.postId, kind: 'well_sourced', body: undefined },
  ]);
});

/**
 * axe-core over a bar's real markup with its style sheet, in an open shadow root after a post link
 * on a plain page of `scheme` (axe cannot enter the bar's closed root where it lives).
 */
async function barViolations(page: Page, markup: string, scheme: 'light' | 'dark'): Promise<string[]> {
  // Written into the blank page's own head and body: no navigation, no new document, nothing to load.
  // puppeteer's `setContent` waits for a load event of its own, which ESR 140's WebDriver BiDi once
  // never sent (30 s, in a full run); `document.open()` and `write()` once never left the page
  // complete there either (1 Dec 2026, in a full run).
  const head = `<title>Bar audit</title><style>${scheme === 'dark' ? 'body{background:#111;color:#eee}a{color:#8ab4f8}' : 'body{background:#fff;color:#111}'}</style>`;
  const body = '<main><h1>Posts</h1><p><a href="/posts/p_1">A post</a><span id="host"></span></p></main>';
  await page.evaluate(
    (head, body) => {
      document.documentElement.lang = 'en';
      document.head.innerHTML = head;
      document.body.innerHTML = body;
    },
    head,
    body,
  );
  await untilInPage(page, () => document.title === 'Bar audit' && document.readyState === 'complete', 'the audit page');
  await page.evaluate(
    (css, html, scheme) => {
      const root = (document.getElementById('host') as HTMLElement).attachShadow({ mode: 'open' });
      root.innerHTML = `<style>${css}</style>${html}`;
      (root.querySelector('.wrap') as HTMLElement).dataset.scheme = scheme;
    },
    BAR_CSS,
    markup,
    scheme,
  );
  // The markup is the same in both schemes: the dark one is audited for colours only.
  return axeViolations(page, undefined, scheme === 'dark' ? COLOUR_RULES : undefined);
}

test('inline bars: axe-core finds no violation in the bar, collapsed, with a state and with the composer open, light and dark', async ({
  ext,
  control,
}) => {
  await decorateSandboxSite(ext, control);
  const page = await ext.openTab(`${control.baseUrl}/`);
  const [first] = await waitForBars(ext, page, 1);
  const postId = first?.postId as string;
  const collapsed = await barMarkup(ext, page, { postId });
  // From the keyboard: the bar's markup is the subject here (the pointer's proofs are the flows above).
  await pressBarButton(ext, page, { postId }, 'Well sourced');
  await waitForStatus(ext, page, { postId }, 'Well sourced: sent');
  const withState = await barMarkup(ext, page, { postId });
  await pressBarButton(ext, page, { postId }, 'Reply');
  const open = await until(async () => {
    const markup = await barMarkup(ext, page, { postId });
    return /aria-expanded="true"/.test(markup) ? markup : undefined;
  }, 'the composer open');

  // The markup audited is the bar's own: its buttons, and the composer's frame once open.
  expect(collapsed).toContain('Well sourced');
  expect(withState).toContain('sent');
  expect(open).toMatch(
    /<iframe title="Reply to this post"[^>]* src="(chrome|moz)-extension:\/\/[^"]+\/reply-frame\.html\?/,
  );
  const audit = await ext.openTab('about:blank');
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
    const frame = await ext.open(
      `reply-frame.html?post=${postId}&site=${encodeURIComponent(control.baseUrl)}&scheme=${scheme}&id=${'a'.repeat(32)}`,
    );
    // With its note showing: nothing to send yet.
    await click(frame, 'button[type="submit"]');
    await waitForText(frame, 'Write something first.', { selector: '#note' });
    const violations = await axeViolations(frame, undefined, scheme === 'dark' ? COLOUR_RULES : undefined);
    expect(violations, `composer frame, ${scheme}`).toEqual([]);
  }
});
