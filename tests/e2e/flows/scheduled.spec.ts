import type { ElementHandle, Page } from 'puppeteer-core';
import { expectAccessible } from '../driver/axe';
import { listOutbox, newAccount } from '../driver/extension';
import { screenshot } from '../driver/screenshots';
import { expect, test } from '../driver/test';
import { click, fill, find, press, role, until, waitForNoText, waitForText } from '../driver/ui';
import { untilWrites, writesOf } from '../driver/writes';
import { OutboxScreen } from '../screens/outbox';
import { PopupScreen } from '../screens/popup';
import { SidePanelScreen } from '../screens/side-panel';
import { earlySends } from '../support/sandbox-client';
import { scaled } from '../support/time';

// "Send at…": writes that go when the user chose, through a closed browser, with Edit, Cancel and
// Send now while they wait, and every rule of the Outbox once they go (docs/decisions.md).

/** Whole seconds `ms` from now: the date-and-time field holds no milliseconds. */
const secondsAhead = (ms: number) => Math.ceil((Date.now() + ms) / 1000) * 1000;
/**
 * How far ahead a post the flow waits for is scheduled: far enough that a busy machine still
 * schedules it (the field, Ctrl+Enter, the Outbox's answer: seconds there) and closes the browser
 * before it is due, near enough not to wait long.
 */
const SOON_MS = 8_000;
/** Whole minutes from now (a time a user picks in the field's minute steps). */
const minutesAhead = (minutes: number) => Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000;

/** Puts `at` in a date-and-time field as the browser's own picker would (its time zone; seconds when not whole minutes). */
async function setDateTime(field: ElementHandle, at: number): Promise<void> {
  await field.evaluate((input, ms) => {
    const date = new Date(ms);
    const two = (n: number) => String(n).padStart(2, '0');
    const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
    const seconds = date.getSeconds() === 0 ? '' : `:${two(date.getSeconds())}`;
    (input as HTMLInputElement).value = `${day}T${two(date.getHours())}:${two(date.getMinutes())}${seconds}`;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, at);
}

/** Opens "Send at…" under the box `scope` holds and picks `at`. */
async function chooseTime(scope: Page | ElementHandle, at: number): Promise<void> {
  await click(scope, role('button', 'Send at…'));
  await setDateTime(await find(scope, 'input[type="datetime-local"]'), at);
}

/** Writes a new post in the side panel, to go at `at` (Ctrl+Enter in the box, as a user sends). */
async function schedulePost(panel: SidePanelScreen, body: string, at: number): Promise<void> {
  await fill(panel.page, SidePanelScreen.newPost, body);
  await chooseTime(panel.page, at);
  await click(panel.page, SidePanelScreen.newPost);
  await press(panel.page, 'Control+Enter');
  await waitForText(panel.page, /Scheduled for .+\. The Outbox holds it until then\./);
}

/** When the sandbox took the account's posts (its request log): the accepted POSTs' times. */
async function postTimes(control: Parameters<typeof writesOf>[0], account: string): Promise<number[]> {
  const log = await control.writeLog(account);
  return log
    .filter((entry) => entry.method === 'POST' && entry.path === '/v1/posts' && entry.status < 300)
    .map((e) => e.at);
}

test('Send at…: a post goes at its time, one due while the browser is closed goes at the next start, not before; Edit, Send now and Cancel; a 429 is waited out', async ({
  ext,
  control,
}) => {
  test.setTimeout(scaled(300_000));
  const { key, account } = await newAccount(ext, control);
  const posts = async () => (await control.postsOf(key, account)).map((post) => post.body);

  // Due while the browser is closed: it goes at the next start, not before, and the Outbox keeps when
  // it went. The browser stays closed only until the write is due: how late counts as "late" (over
  // LATE_MS, a minute) and the words that say so are the queue's and the Outbox view's, shown in
  // tests/unit/queue/scheduled.test.ts and tests/unit/components/outbox/OutboxScheduled.test.tsx;
  // waiting out a real minute with the browser closed cost two minutes of every run.
  let panel = await SidePanelScreen.open(ext);
  const lateAt = secondsAhead(SOON_MS);
  await schedulePost(panel, 'Due while the browser was closed.', lateAt);
  let reopened = 0;
  await ext.restart({}, async () => {
    await until(async () => (Date.now() > lateAt + 1_000 ? true : undefined), 'its time past', scaled(30_000));
    reopened = Date.now();
  });
  await expect.poll(posts, { timeout: scaled(30_000) }).toEqual(['Due while the browser was closed.']);
  const went = (await listOutbox(ext)).find((item) => item.request.body === 'Due while the browser was closed.');
  expect(went?.scheduled?.sendAt).toBe(lateAt);
  expect(went?.scheduled?.wentAt).toBeGreaterThanOrEqual(reopened);
  expect((await postTimes(control, account))[0]).toBeGreaterThanOrEqual(reopened);
  panel = await SidePanelScreen.open(ext);
  const outbox = new OutboxScreen(panel.page);
  await outbox.open();
  await outbox.item('Due while the browser was closed.', /Sent at [\s\S]+Scheduled for .+\./);

  // From the popup an hour ahead; a reply two hours ahead.
  await click(panel.page, SidePanelScreen.timelineTab);
  const popup = await PopupScreen.open(ext);
  await fill(popup.page, PopupScreen.quickPost, 'From the popup, in an hour.');
  await chooseTime(popup.page, minutesAhead(60));
  await expectAccessible(ext, popup.page, 'the popup with "Send at…" open');
  await screenshot(ext, popup.page, 'popup-send-at');
  await click(popup.page, PopupScreen.quickPost);
  await press(popup.page, 'Control+Enter');
  await waitForText(popup.page, /Scheduled for .+\. The Outbox holds it until then\./);
  await panel.page.bringToFront();
  const first = await panel.firstArticle();
  await click(first, role('button', 'Reply', { exact: true }));
  await fill(first, role('textbox', 'Reply'), 'A reply I think better of.');
  await chooseTime(first, minutesAhead(120));
  await click(first, role('textbox', 'Reply'));
  await press(panel.page, 'Control+Enter');
  // The reply box closes; the panel says where the reply went.
  await waitForText(panel.page, /Scheduled for .+\. The Outbox holds it until then\./, {
    selector: 'p.visually-hidden[role="status"]',
  });

  // While they wait: Edit the popup's post (words and time), Cancel the reply, Send one now.
  await outbox.open();
  await waitForText(panel.page, 'Scheduled (2)');
  await expectAccessible(ext, panel.page, 'the Outbox with scheduled writes');
  await screenshot(ext, panel.page, 'outbox-scheduled');
  const editing = await outbox.item('From the popup');
  await click(editing, role('button', 'Edit', { exact: true }));
  await fill(panel.page, role('textbox', 'Edited text'), 'From the popup, edited.');
  const editedAt = minutesAhead(180);
  await setDateTime(await find(editing, 'input[type="datetime-local"]'), editedAt);
  await click(editing, role('button', 'Save', { exact: true }));
  await outbox.item('From the popup, edited.', /Goes on .+, or when you choose Send now\./);
  await click(await outbox.item('A reply I think better of.'), role('button', 'Cancel'));
  await waitForNoText(panel.page, 'A reply I think better of.');
  await click(await outbox.item('From the popup, edited.'), role('button', 'Send now'));
  await outbox.item('From the popup, edited.', /Sent at/);

  // A post a few seconds ahead, from the panel: not before its time, and within a few seconds after
  // (the sandbox's log).
  await click(panel.page, SidePanelScreen.timelineTab);
  const onTimeAt = secondsAhead(SOON_MS);
  await schedulePost(panel, 'A few seconds on.', onTimeAt);
  await outbox.open();
  await outbox.item('A few seconds on.', /Sent at [\s\S]+Scheduled for .+\./, scaled(30_000));
  const times = await postTimes(control, account);
  expect(times).toHaveLength(3);
  const onTime = times[2] ?? 0;
  expect(onTime).toBeGreaterThanOrEqual(onTimeAt);
  expect(onTime - onTimeAt).toBeLessThan(scaled(5_000));
  expect(await posts()).toEqual(['Due while the browser was closed.', 'From the popup, edited.', 'A few seconds on.']);
  // The cancelled reply never went.
  expect((await writesOf(control, account)).filter((write) => write.type === 'comment.created')).toEqual([]);

  // Due while the budget is spent: it meets the 429 and waits its Retry-After, never sending early.
  await control.setSilentBudget(account, 1, 4);
  await ext.call('enqueueWrite', { kind: 'post', body: 'Spends the budget.' });
  await ext.call('enqueueWrite', { kind: 'post', body: 'Due while the budget is spent.', sendAt: secondsAhead(1_000) });
  await untilWrites(control, account, 'post.created', 5);
  const log = await control.writeLog(account);
  expect(log.some((entry) => entry.status === 429)).toBe(true);
  expect(earlySends(log)).toEqual([]);
  expect((await posts()).slice(-2)).toEqual(['Spends the budget.', 'Due while the budget is spent.']);
});
