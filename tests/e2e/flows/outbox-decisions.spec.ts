import { newAccount, USER_SCOPES } from '../driver/extension';
import { waitForFocus, waitForGroup } from '../driver/outbox';
import { expect, test } from '../driver/test';
import {
  click,
  fieldValue,
  fill,
  findAll,
  focused,
  role,
  textOf,
  until,
  waitForNoText,
  waitForText,
} from '../driver/ui';
import { OptionsScreen } from '../screens/options';
import { OutboxScreen } from '../screens/outbox';
import { PopupScreen } from '../screens/popup';
import { SidePanelScreen } from '../screens/side-panel';

// What the Outbox asks the user to decide: a write the platform refused, and writes whose answer
// was lost on the way.

// A test that fails midway leaves no fault behind for the next.
test.afterEach(async ({ control }) => {
  await control.control('DELETE', '/faults');
});

test('Outbox: a failed write is edited and resent, and only the edited text lands', async ({ ext, control }) => {
  // A key that may read but not write: the post fails with the scope named.
  const { key: readOnly, account } = await control.newKey(['posts:read']);
  const options = await OptionsScreen.open(ext);
  await options.configure(control.baseUrl, readOnly);
  await click(options.page, OptionsScreen.checkKey);
  await waitForText(options.page, 'Off: posting and replying');

  const popup = await PopupScreen.open(ext);
  await waitForText(popup.page, 'This key cannot post or reply (it lacks posts:write).');
  await popup.post('Bus fares rise 5% in Januray.');
  await waitForText(popup.page, '1 failed', { selector: PopupScreen.outbox });

  const outbox = new OutboxScreen(await ext.open('sidepanel.html'));
  await outbox.open();
  await outbox.item('Bus fares rise', /The key may not do this: it lacks the scope “posts:write”\./);
  await waitForText(outbox.page, 'Bus fares rise 5% in Januray.', {
    selector: OutboxScreen.group('Needs your decision'),
  });

  // The user gets a key that may write, for the same account, and saves it.
  const { key: writer } = await control.newKey(USER_SCOPES, account);
  await options.page.bringToFront();
  await fill(options.page, OptionsScreen.apiKey, writer);
  await click(options.page, OptionsScreen.save);
  await waitForText(options.page, 'Saved.', { selector: OptionsScreen.feedback });

  await outbox.page.bringToFront();
  await click(await outbox.item('Bus fares rise'), role('button', 'Edit and resend'));
  const editor = role('textbox', 'Edited text');
  await waitForFocus(outbox.page, editor);
  expect(await fieldValue(outbox.page, editor)).toBe('Bus fares rise 5% in Januray.');
  await fill(outbox.page, editor, 'Bus fares rise 5% in January.');
  await click(outbox.page, role('button', 'Resend'));
  await outbox.item('Bus fares rise 5% in January.', /Sent at .* · id p_\w+\./);
  await waitForNoText(outbox.page, 'Bus fares rise 5% in Januray.');
  expect((await control.postsOf(writer, account)).map((post) => post.body)).toEqual(['Bus fares rise 5% in January.']);
});

test('Outbox: replies whose answer was lost are uncertain; the user sends one again and discards the other', async ({
  ext,
  control,
}) => {
  const { account } = await newAccount(ext, control);
  // Until cleared, every reply is written, then the connection drops before the answer. (Chromium
  // itself may resend a POST once on a dropped keep-alive connection: a fault without a count
  // covers that resend too.)
  await control.control('POST', '/faults', { dropAfterCommit: true, method: 'POST', path: '/v1/posts/' });
  const panel = await SidePanelScreen.open(ext);
  await panel.firstArticle();
  const [first, second] = await findAll(panel.page, SidePanelScreen.articles);
  if (first === undefined || second === undefined) throw new Error('The timeline has fewer than two posts');
  await panel.reply(first, 'Reply one: the source is the 2025 council minutes.');
  await panel.reply(second, 'Reply two: the study had 40 participants.');

  const outbox = new OutboxScreen(panel.page);
  await outbox.open();
  const one = await outbox.item('Reply one', /Uncertain/);
  await outbox.item('Reply two', /Uncertain/);
  expect(await textOf(one)).toContain('may or may not have been published');
  await waitForGroup(outbox.page, 'Needs your decision (2)');
  await control.control('DELETE', '/faults');
  // Both did land: the platform committed them before the connection dropped.
  const count = async (prefix: string) =>
    (await control.commentsOf(account)).filter((body) => body.startsWith(prefix)).length;
  const landedOne = await count('Reply one');
  const landedTwo = await count('Reply two');
  expect(landedOne).toBeGreaterThanOrEqual(1);
  expect(landedTwo).toBeGreaterThanOrEqual(1);

  // "Discard": the item leaves the Outbox; nothing is sent; the focus goes to the Outbox heading.
  await click(await outbox.item('Reply two'), role('button', 'Discard'));
  await until(async () => ((await outbox.count('Reply two')) === 0 ? true : undefined), 'Reply two gone');
  await until(async () => {
    const now = await focused(outbox.page);
    return /^h\d$/.test(now.tag) && now.text === 'Outbox' ? true : undefined;
  }, 'the Outbox heading focused');

  // "Send again": the user decided it is missing; it goes out again and shows as sent.
  await click(await outbox.item('Reply one'), role('button', 'Send again'));
  await outbox.item('Reply one', /Sent at .* · id c_\w+\./);
  // Sent once more (the user chose it, after being told it may already be there); the discarded one was not.
  expect(await count('Reply one')).toBe(landedOne + 1);
  expect(await count('Reply two')).toBe(landedTwo);
});
