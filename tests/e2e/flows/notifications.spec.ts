import { expectAccessible } from '../driver/axe';
import { newAccount } from '../driver/extension';
import { askedEarlier, seenNotices, watchNotices } from '../driver/notifications';
import { waitForFocus, waitForStatus } from '../driver/outbox';
import { expect, test } from '../driver/test';
import type { ExtensionBrowser } from '../driver/types';
import { click, find, role, until, waitForText } from '../driver/ui';
import { OptionsScreen } from '../screens/options';
import { scaled } from '../support/time';

/**
 * Issue 18: system notifications about writes. The browser starts with the optional
 * `notifications` permission recorded as granted (a headless browser never answers a prompt), so
 * the options page's own request resolves at once, as after the user accepted it. How a flow sees
 * a notification in each browser: tests/e2e/driver/notifications.ts.
 */
test.use({ launch: { grantedApis: ['notifications'] } });

/** A reaction kind the platform refuses: a reaction of it fails. */
const UNKNOWN_KIND = { value: 'convincing', label: 'Convincing' };
const KINDS = [{ value: 'well_sourced', label: 'Well sourced' }, UNKNOWN_KIND];
const NOTIFY_CARD = 'section[aria-labelledby="notify-title"]';
const TOGGLE = role('checkbox', 'Notify me about my writes');

/** Whether the options page's switch is on. */
async function switchOn(options: OptionsScreen): Promise<boolean> {
  return (await find(options.page, TOGGLE)).evaluate((box) => (box as HTMLInputElement).checked);
}

/** Reacts with the refused kind to `postId`: the write, queued. */
function refusedReaction(ext: ExtensionBrowser, postId: string): Promise<{ id: string }> {
  return ext.call<{ id: string }>('enqueueWrite', { kind: 'reaction', postId, reaction: UNKNOWN_KIND.value });
}

/** The ids of the newest `limit` posts of the timeline, read through the extension. */
async function timelineIds(ext: ExtensionBrowser, limit: number): Promise<string[]> {
  return (await ext.call<{ items: { id: string }[] }>('getTimelinePage', { limit })).items.map((item) => item.id);
}

/** A reaction of a kind the platform refuses, queued and waited for until it has failed. */
async function failedReaction(ext: ExtensionBrowser): Promise<{ id: string }> {
  await ext.call('saveSettings', { reactionKinds: KINDS });
  const write = await refusedReaction(ext, (await timelineIds(ext, 1))[0] ?? '');
  await waitForStatus(ext, write.id, 'failed', scaled(20_000));
  return write;
}

// The first tests of the file meet the notifications as installed: off.
test('notifications: off, no notification for a failed write', async ({ ext, control }) => {
  // Off as installed, the permission granted: the switch alone keeps them quiet (and no notification
  // was shown yet, so none is held back by the minute's limit either).
  expect((await ext.call<{ notify: boolean }>('getSettings')).notify).toBe(false);
  const options = await OptionsScreen.open(ext);
  await waitForText(options.page, 'Notify me about my writes', { selector: NOTIFY_CARD });
  expect(await switchOn(options)).toBe(false);
  await watchNotices(ext);
  await newAccount(ext, control);
  const write = await failedReaction(ext);
  // The notifier hears changes in order: the discard's is heard after the failure's.
  await ext.call('discardItem', { id: write.id });
  expect(await seenNotices(ext)).toEqual([]);
  await expectAccessible(ext, options.page, 'options, notifications card off', { include: [NOTIFY_CARD] });
});

test('notifications: turned on in options; a failed write, then more, make one notification; a late write too', async ({
  ext,
  control,
}) => {
  // A browser restart in Firefox (tests/e2e/driver/notifications.ts, askedEarlier) and the platform's answers.
  test.setTimeout(scaled(120_000));
  const { key } = await newAccount(ext, control);
  await ext.call('checkKey');
  await ext.call('saveSettings', { reactionKinds: KINDS });

  // Quiet by default: the card is off. Turning it on asks for the permission (granted) and saves.
  const options = await OptionsScreen.open(ext);
  await until(
    async () =>
      (await (await find(options.page, TOGGLE)).evaluate((box) => !(box as HTMLInputElement).disabled)) || undefined,
    'the switch enabled',
  );
  expect(await switchOn(options)).toBe(false);
  await click(options.page, TOGGLE);
  await waitForText(options.page, 'Notifications are on.', { selector: NOTIFY_CARD });
  expect(await switchOn(options)).toBe(true);
  expect((await ext.call<{ notify: boolean }>('getSettings')).notify).toBe(true);
  await expectAccessible(ext, options.page, 'options, notifications card on', { include: [NOTIFY_CARD] });

  // A reaction the platform refuses fails: a notification names it.
  await watchNotices(ext);
  const postIds = await timelineIds(ext, 3);
  const first = await refusedReaction(ext, postIds[0] ?? '');
  await expect.poll(() => seenNotices(ext), { timeout: scaled(20_000) }).toContain(`notice:trouble:${first.id}`);

  // More failures within the minute (what a hostile page could cause): still that one notification.
  const more = await Promise.all(postIds.slice(1).map((postId) => refusedReaction(ext, postId)));
  for (const write of more) await waitForStatus(ext, write.id, 'failed', scaled(20_000));
  const seen = await seenNotices(ext);

  // A post asked for while the account had no key waits; it goes once the key is back, two
  // minutes after it was asked for: a notification says it was sent after the wait.
  await ext.call('clearKey');
  const late = await ext.call<{ id: string }>('enqueueWrite', {
    kind: 'post',
    body: 'Energy board: 38% of the district’s power came from the river dam last winter.',
  });
  await waitForStatus(ext, late.id, 'queued');
  // No page of ours open while the write's record is changed: none wakes the background meanwhile.
  await options.page.close();
  await askedEarlier(ext, late.id, 120_000);
  await watchNotices(ext);
  await ext.call('saveKey', { key });
  await waitForStatus(ext, late.id, 'sent', scaled(20_000));
  await expect.poll(() => seenNotices(ext), { timeout: scaled(20_000) }).toContain(`notice:landed:${late.id}`);

  // The later failures were held for the minute's summary (`notice:trouble:`, the Outbox as a
  // whole), never shown one by one: the summary can only come a minute after the first.
  seen.push(...(await seenNotices(ext)));
  const trouble = [...new Set(seen.filter((id) => id.startsWith('notice:trouble:')))];
  expect(trouble.filter((id) => id !== 'notice:trouble:')).toEqual([`notice:trouble:${first.id}`]);
});

test('notifications: the page a notification opens shows the Outbox with that write focused', async ({
  ext,
  control,
}) => {
  await newAccount(ext, control);
  await ext.call('checkKey');
  const write = await failedReaction(ext);

  // What a click on `notice:trouble:<id>` opens (entrypoints/background/notifier.ts, noticeTarget).
  const panel = await ext.open(`sidepanel.html#outbox/${write.id}`);
  await find(panel, `${role('tab', 'Outbox')}[aria-selected="true"]`);
  const entry = `li[data-item="${write.id}"]`;
  await waitForFocus(panel, entry);
  const inView = await (await find(panel, entry)).evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
  });
  expect(inView).toBe(true);
  await waitForText(panel, 'Convincing', { selector: entry });
});
