import { listOutbox, newAccount, USER_SCOPES } from '../driver/extension';
import { waitForGroup } from '../driver/outbox';
import { expect, test } from '../driver/test';
import { click, fill, find, textOf, until, waitForText } from '../driver/ui';
import { untilWrites } from '../driver/writes';
import { OptionsScreen } from '../screens/options';
import { OutboxScreen } from '../screens/outbox';
import { PopupScreen } from '../screens/popup';
import { earlySends } from '../support/sandbox-client';
import { scaled } from '../support/time';

// The Outbox paused: by the platform's budget (paced when announced, else 429 with Retry-After) and by
// a disabled key.

/**
 * The budget's window: long enough that a busy machine still reads the countdown while it runs
 * (4 s was not, beside two CPU burners), short enough not to wait long.
 */
const WINDOW_S = 10;

test('Outbox: a spent budget shows a live countdown, and the writes land when it ends, once each', async ({
  ext,
  control,
}) => {
  const { key, account } = await newAccount(ext, control);
  await control.setSilentBudget(account, 2, WINDOW_S);
  // The Outbox is open before the writes are made, so the short wait is still running when it is read.
  const outbox = new OutboxScreen(await ext.open('sidepanel.html'));
  await outbox.open();
  const popup = await PopupScreen.open(ext);
  const bodies = [1, 2, 3, 4].map((n) => `Budget test ${n}: the Line 4 timetable changes on Monday.`);
  for (const body of bodies) await popup.post(body);

  // The third write met the budget: the banner and the item count down to the time the platform named.
  await waitForText(outbox.page, /Writes resume in 0:\d\d/, { selector: OutboxScreen.banner });
  await outbox.item(bodies[2] ?? '', /The platform asked to wait: sends in 0:\d\d/);
  // Live: the banner's time changes while the test watches.
  const time = `${OutboxScreen.banner} time`;
  const before = await textOf(outbox.page, time);
  await until(
    async () => ((await textOf(outbox.page, time)) !== before ? true : undefined),
    'the countdown to move',
    scaled(3_000),
  );
  await find(outbox.page, OutboxScreen.group('Going out'));
  // The popup says so too.
  await waitForText(popup.page, 'to send', { selector: PopupScreen.outbox });

  // When the wait ends every write goes out: all four show as sent, with their ids.
  await waitForGroup(outbox.page, 'Sent (4)', scaled(20_000));
  for (const body of bodies) await outbox.item(body, /Sent at .* · id p_\w+\./);
  await until(async () => ((await textOf(outbox.page, OutboxScreen.banner)) === '' ? true : undefined), 'no banner');
  await waitForText(popup.page, 'nothing waiting', { selector: PopupScreen.outbox });
  await waitForText(popup.page, 'all sent', { selector: PopupScreen.outbox });

  // The platform holds each exactly once, in order, and was never written to before it allowed.
  expect((await control.postsOf(key, account)).map((post) => post.body)).toEqual(bodies);
  const log = await control.writeLog(account);
  expect(log.filter((entry) => entry.status === 429).length).toBeGreaterThan(0);
  expect(earlySends(log)).toEqual([]);
  expect(log.filter((entry) => entry.status === 201)).toHaveLength(4);
});

test('Outbox: an announced budget paces the writes: the next one counts down, and none is refused', async ({
  ext,
  control,
}) => {
  // The standard dialect announces the budget in every answer (RateLimit-Policy, RateLimit).
  const { key, account } = await newAccount(ext, control);
  await control.setBudget(account, 2, WINDOW_S);
  const outbox = new OutboxScreen(await ext.open('sidepanel.html'));
  await outbox.open();
  const bodies = [1, 2, 3, 4].map((n) => `Paced ${n}: the library opens on Sundays from March.`);
  for (const body of bodies) await ext.call('enqueueWrite', { kind: 'post', body });

  // Two go at once; the third waits for room, counting down, before the platform had to refuse anything.
  await outbox.item(bodies[2] ?? '', /The platform's write budget is used up: sends in 0:\d\d/);
  const options = await OptionsScreen.open(ext);
  await waitForText(options.page, /The write budget is used up: the next write goes in 0:\d\d/);

  // (The file's earlier tests' writes are in this Outbox too: each of these is followed by its text.)
  for (const body of bodies) await outbox.item(body, /Sent at .* · id p_\w+\./, scaled(40_000));
  expect((await control.postsOf(key, account)).map((post) => post.body)).toEqual(bodies);
  const log = await control.writeLog(account);
  expect(log.filter((entry) => entry.status === 429)).toEqual([]);
  expect(earlySends(log)).toEqual([]);
  expect(log.filter((entry) => entry.status === 201)).toHaveLength(4);
});

test("Outbox: a disabled key's reason is shown; a write waits and goes out once the key works again", async ({
  ext,
  control,
}) => {
  const { key, account } = await newAccount(ext, control);
  await control.disableKey(key, 'Suspicious activity from a new location');

  const popup = await PopupScreen.open(ext);
  await popup.post('Held while the key is disabled.');
  await waitForText(popup.page, 'The platform has disabled the key: Suspicious activity from a new location');

  const outbox = new OutboxScreen(await ext.open('sidepanel.html'));
  await outbox.open();
  await waitForText(outbox.page, 'The platform has disabled this key.', { selector: OutboxScreen.banner });
  await waitForText(outbox.page, 'Reason: Suspicious activity from a new location.', { selector: OutboxScreen.banner });
  await waitForText(outbox.page, /the next try is in 0:\d\d/, { selector: OutboxScreen.banner });
  await outbox.item('Held while the key is disabled.', /Held: the key is disabled\./);

  // The platform lifts it; saving the key again tries at once instead of waiting for the next probe.
  await control.enableKey(key);
  const options = await OptionsScreen.open(ext);
  await fill(options.page, OptionsScreen.apiKey, key);
  await click(options.page, OptionsScreen.save);
  await outbox.item('Held while the key is disabled.', /Sent at/);
  await until(async () => ((await textOf(outbox.page, OutboxScreen.banner)) === '' ? true : undefined), 'no banner');
  expect((await control.postsOf(key, account)).map((post) => post.body)).toEqual(['Held while the key is disabled.']);
});

test("Outbox: a key of another platform account does not wait out the old account's budget; the same account's does", async ({
  ext,
  control,
}) => {
  // Robin's key spends Robin's budget: the second write waits a minute for it.
  const robin = await newAccount(ext, control);
  await ext.call('checkKey');
  await control.setSilentBudget(robin.account, 1, 60);
  const bodies = ['First, as Robin.', 'Second, after the key changed.'];
  for (const body of bodies) await ext.call('enqueueWrite', { kind: 'post', body });
  await until(
    async () =>
      (await listOutbox(ext)).some((item) => item.request.body === bodies[1] && item.state.status === 'waiting')
        ? true
        : undefined,
    'the second write waiting for the budget',
  );

  // Another key of Robin's keeps the wait: a key adds no budget.
  const robinAgain = await control.control<{ key: string }>('POST', '/keys', {
    scopes: USER_SCOPES,
    account: robin.account,
  });
  await ext.call('saveKey', { key: robinAgain.key });
  await ext.call('checkKey');
  const mine = (await listOutbox(ext)).filter((item) => bodies.includes(item.request.body ?? ''));
  expect(mine.map((item) => item.state.status)).toEqual(['sent', 'waiting']);

  // Sam's key: budgets are per account, so the write goes at once, as Sam, and Robin's log shows no early send.
  const sam = await control.newKey(USER_SCOPES);
  await ext.call('saveKey', { key: sam.key });
  await ext.call('checkKey');
  await untilWrites(control, sam.account, 'post.created', 1);
  expect((await control.postsOf(sam.key, sam.account)).map((post) => post.body)).toEqual([bodies[1]]);
  expect(earlySends(await control.writeLog(robin.account))).toEqual([]);
});
