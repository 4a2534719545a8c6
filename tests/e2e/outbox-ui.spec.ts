import { expect, test } from './fixtures';
import { OptionsPage } from './pages/options-page';
import { OutboxPage } from './pages/outbox-page';
import { PopupPage } from './pages/popup-page';
import { SidePanelPage } from './pages/sidepanel-page';
import { newAccountConfigured, USER_SCOPES } from './support/new-account';
import { earlySends, SandboxClient } from './support/sandbox-client';
import { scaled } from './support/time';

const SCOPES = USER_SCOPES;

test('Outbox: a spent budget shows a live countdown, and the writes land when it ends, once each', async ({
  sandbox,
  extensionPage,
}) => {
  test.setTimeout(scaled(90_000));
  const { control, key, account } = await newAccountConfigured(sandbox, extensionPage);
  await control.setBudget(account, 2, 8);

  const popup = new PopupPage(await extensionPage('popup.html'));
  const bodies = [1, 2, 3, 4].map((n) => `Budget test ${n}: the Line 4 timetable changes on Monday.`);
  for (const body of bodies) await popup.post(body);

  const outbox = new OutboxPage(await extensionPage('sidepanel.html'));
  await outbox.open();
  // The third write met the budget: the banner and the item count down to the time the platform named.
  await expect(outbox.banner).toContainText(/Writes resume in 0:0\d/);
  const waiting = outbox.item(bodies[2] ?? '');
  await expect(waiting).toContainText(/The platform asked to wait: sends in 0:0\d/);
  const before = await outbox.banner.locator('time').textContent();
  await expect(outbox.banner.locator('time')).not.toHaveText(before ?? '', { timeout: scaled(3_000) });
  await expect(outbox.group('Going out')).toBeVisible();
  // The popup says so too.
  await expect(popup.outbox).toContainText(/to send/);

  // When the wait ends every write goes out: all four show as sent, with their ids.
  await expect(outbox.group('Sent')).toHaveAccessibleName('Sent (4)', { timeout: scaled(40_000) });
  for (const body of bodies) await expect(outbox.item(body)).toContainText(/Sent at .* as p_\w+\./);
  await expect(outbox.banner).toHaveText('');
  await expect(popup.outbox).toContainText('nothing waiting');
  await expect(popup.outbox).toContainText('all sent');

  // The platform holds each exactly once, in order, and was never written to before it allowed.
  expect((await control.postsOf(key, account)).map((post) => post.body)).toEqual(bodies);
  const log = await control.writeLog(account);
  expect(earlySends(log)).toEqual([]);
  expect(log.filter((entry) => entry.status === 201)).toHaveLength(4);
});

test("Outbox: a disabled key's reason is shown; a write waits and goes out once the key works again", async ({
  sandbox,
  extensionPage,
}) => {
  const { control, key, account, options } = await newAccountConfigured(sandbox, extensionPage);
  await control.disableKey(key, 'Suspicious activity from a new location');

  const popup = new PopupPage(await extensionPage('popup.html'));
  await popup.post('Held while the key is disabled.');
  await expect(
    popup.page.getByText('The platform has disabled the key: Suspicious activity from a new location'),
  ).toBeVisible();

  const outbox = new OutboxPage(await extensionPage('sidepanel.html'));
  await outbox.open();
  await expect(outbox.banner).toContainText('The platform has disabled this key.');
  await expect(outbox.banner).toContainText('Reason: Suspicious activity from a new location.');
  await expect(outbox.banner).toContainText(/the next try is in 0:\d\d/);
  await expect(outbox.item('Held while the key is disabled.')).toContainText('Held: the key is disabled.');

  // The platform lifts it; saving the key again tries at once instead of waiting for the next probe.
  await control.enableKey(key);
  await options.page.bringToFront();
  await options.apiKey.fill(key);
  await options.save.click();
  await expect(outbox.item('Held while the key is disabled.')).toContainText(/Sent at/);
  await expect(outbox.banner).toHaveText('');
  expect((await control.postsOf(key, account)).map((post) => post.body)).toEqual(['Held while the key is disabled.']);
});

test('Outbox: a failed write is edited and resent, and only the edited text lands', async ({
  sandbox,
  extensionPage,
}) => {
  const control = new SandboxClient(sandbox.baseUrl);
  // A key that may read but not write: the post fails with the scope named.
  const { key: readOnly, account } = await control.newKey(['posts:read']);
  const options = new OptionsPage(await extensionPage('options.html'));
  await options.configure(sandbox.baseUrl, readOnly);
  await options.checkKey.click();
  await expect(options.page.getByText('Off: posting and replying', { exact: false })).toBeVisible();

  const popup = new PopupPage(await extensionPage('popup.html'));
  await expect(popup.page.getByText('This key cannot post or reply (it lacks posts:write).')).toBeVisible();
  await popup.post('Bus fares rise 5% in Januray.');
  await expect(popup.outbox).toContainText('1 failed');

  const outbox = new OutboxPage(await extensionPage('sidepanel.html'));
  await outbox.open();
  const failed = outbox.item('Bus fares rise');
  await expect(outbox.group('Needs your decision')).toContainText('Bus fares rise 5% in Januray.');
  await expect(failed).toContainText('The key may not do this: it lacks the scope “posts:write”.');

  // The user gets a key that may write, for the same account, and saves it.
  const { key: writer } = await control.newKey(SCOPES, account);
  await options.page.bringToFront();
  await options.apiKey.fill(writer);
  await options.save.click();
  await expect(options.feedback).toHaveText('Saved.');

  await outbox.page.bringToFront();
  await failed.getByRole('button', { name: 'Edit and resend' }).click();
  const editor = outbox.page.getByRole('textbox', { name: 'Edited text' });
  await expect(editor).toBeFocused();
  await expect(editor).toHaveValue('Bus fares rise 5% in Januray.');
  await editor.fill('Bus fares rise 5% in January.');
  await outbox.page.getByRole('button', { name: 'Resend' }).click();
  await expect(outbox.item('Bus fares rise 5% in January.')).toContainText(/Sent at .* as p_\w+\./);
  await expect(outbox.page.getByText('Bus fares rise 5% in Januray.')).toHaveCount(0);
  expect((await control.postsOf(writer, account)).map((post) => post.body)).toEqual(['Bus fares rise 5% in January.']);
});

test('Outbox: replies whose answer was lost are uncertain; the user sends one again and discards the other', async ({
  sandbox,
  extensionPage,
}) => {
  const { control, account } = await newAccountConfigured(sandbox, extensionPage);
  // Until cleared, every reply is written, then the connection drops before the answer. (Chromium
  // itself may resend a POST once on a dropped keep-alive connection: a fault without a count
  // covers that resend too.)
  await control.control('POST', '/faults', { dropAfterCommit: true, method: 'POST', path: '/v1/posts/' });

  const panel = new SidePanelPage(await extensionPage('sidepanel.html'));
  await expect(panel.articles.first()).toBeVisible();
  await panel.reply(panel.articles.nth(0), 'Reply one: the source is the 2025 council minutes.');
  await panel.reply(panel.articles.nth(1), 'Reply two: the study had 40 participants.');

  const outbox = new OutboxPage(panel.page);
  await outbox.open();
  const one = outbox.item('Reply one');
  const two = outbox.item('Reply two');
  await expect(one).toContainText('Uncertain');
  await expect(two).toContainText('Uncertain');
  await expect(one).toContainText('may or may not have been published');
  await expect(outbox.group('Needs your decision')).toHaveAccessibleName('Needs your decision (2)');
  await control.control('DELETE', '/faults');
  // Both did land: the platform committed them before the connection dropped.
  const count = async (prefix: string) =>
    (await control.commentsOf(account)).filter((body) => body.startsWith(prefix)).length;
  const landedOne = await count('Reply one');
  const landedTwo = await count('Reply two');
  expect(landedOne).toBeGreaterThanOrEqual(1);
  expect(landedTwo).toBeGreaterThanOrEqual(1);

  // "Discard": the item leaves the Outbox; nothing is sent.
  await two.getByRole('button', { name: 'Discard' }).click();
  await expect(two).toHaveCount(0);
  await expect(outbox.page.getByRole('heading', { name: 'Outbox' })).toBeFocused();

  // "Send again": the user decided it is missing; it goes out again and shows as sent.
  await one.getByRole('button', { name: 'Send again' }).click();
  await expect(one).toContainText(/Sent at .* as c_\w+\./);
  // Sent once more (the user chose it, after being told it may already be there); the discarded one was not.
  expect(await count('Reply one')).toBe(landedOne + 1);
  expect(await count('Reply two')).toBe(landedTwo);
});
