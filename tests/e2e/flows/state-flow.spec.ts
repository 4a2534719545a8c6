import { listOutbox, newAccount, readPref } from '../driver/extension';
import { countedPanel, countStorageReads, tellPrefChanges } from '../driver/panel-traffic';
import { seedPosts } from '../driver/side-panel';
import { expect, test } from '../driver/test';
import { click, fieldValue, fill, find, role, textOf, uniqueTag, until, waitForText } from '../driver/ui';
import { OptionsScreen } from '../screens/options';
import { OutboxScreen } from '../screens/outbox';
import { SidePanelScreen } from '../screens/side-panel';
import { scaled } from '../support/time';

test('with the Outbox tab open, one change is one push carrying it, and the panel never lists the Outbox', async ({
  ext,
  control,
}) => {
  await newAccount(ext, control);
  const { page, traffic: counts } = await countedPanel(ext);
  const outbox = new OutboxScreen(page);
  await outbox.open();

  // A write's whole round trip: queued, sending, sent — each change pushed, with the item.
  const body = `Round trip ${Date.now().toString(36)}`;
  await ext.call('enqueueWrite', { kind: 'post', body });
  await outbox.item(body, /Sent/, scaled(20_000));
  const afterRoundTrip = await counts();
  expect(afterRoundTrip.ports).toBe(1);
  expect(afterRoundTrip.sent.listOutbox ?? 0).toBe(0);
  const [item] = (await listOutbox(ext)).filter((entry) => entry.request.body === body);
  if (item === undefined) throw new Error('the write is not in the Outbox');
  const carrying = afterRoundTrip.pushes.filter((push) => push.outbox?.items.some((entry) => entry.id === item.id));
  expect(carrying.length).toBeGreaterThanOrEqual(1);
  expect(carrying.length).toBeLessThanOrEqual(3);
  // The whole status came once, with the first push; after it, only what changed: the account
  // with a write pending, then with none.
  expect(afterRoundTrip.pushes[0]?.status).toBeDefined();
  expect(afterRoundTrip.pushes.slice(1).filter((push) => push.status !== undefined)).toEqual([]);
  const pending = afterRoundTrip.pushes
    .flatMap((push) => push.statusChange?.accounts ?? [])
    .map((view) => view.pending);
  expect(pending).toContain(1);
  expect(pending.at(-1)).toBe(0);

  // One change (the write discarded from another page): exactly one push, carrying its removal.
  const before = afterRoundTrip.pushes.length;
  await ext.call('discardItem', { id: item.id });
  await expect.poll(() => outbox.count(body)).toBe(0);
  const after = await counts();
  expect(after.pushes.slice(before)).toHaveLength(1);
  expect(after.pushes.at(-1)?.outbox).toMatchObject({ reset: false, items: [], removed: [item.id] });
  expect(after.sent.listOutbox ?? 0).toBe(0);
  expect(after.ports).toBe(1);
});

test('a settings change made in the options page reaches the open panel as one push carrying it, and no read, on one channel', async ({
  ext,
  control,
}) => {
  const tag = `t${uniqueTag()}`;
  await seedPosts(control, [`Cycle lanes ${tag}`, `Tram stops ${tag} spoiler${tag}`]);
  await newAccount(ext, control);
  const { page, traffic } = await countedPanel(ext);
  const panel = new SidePanelScreen(page);
  await panel.article(`Tram stops ${tag}`);
  const reads = await countStorageReads(page);
  const before = await traffic();

  // A muted word put in on the options page in one edit (one change, so one save): the panel hides its post.
  const options = await OptionsScreen.open(ext);
  await fill(options.page, role('textbox', 'Muted words and phrases'), `spoiler${tag}`);
  await waitForText(options.page, 'Saved.', { selector: role('region', 'Muted words and people') });
  await page.bringToFront();
  await find(page, role('button', '1 hidden'));

  const after = await traffic();
  const carrying = after.pushes.slice(before.pushes.length).filter((push) => push.settings !== undefined);
  expect(carrying).toHaveLength(1);
  expect(carrying[0]?.settings?.mutedWords).toEqual([`spoiler${tag}`]);
  expect(after.sent.getSettings ?? 0).toBe(before.sent.getSettings ?? 0);
  expect(after.ports).toBe(1);
  expect(await reads()).toBe(0);

  // One channel: told by the prefs store's own channel that values changed (as another page's
  // write would tell it), the panel reads nothing back: drafts, the handed-over draft and the
  // settings reach it only as the background's pushes.
  await tellPrefChanges(page, ['drafts', 'draft:post', 'pendingDraft', 'settings']);
  expect(await reads()).toBe(0);
});

test('a mute made in the side panel shows in the open options page, and adding a person there keeps it', async ({
  ext,
  control,
}) => {
  const tag = `t${uniqueTag()}`;
  await seedPosts(control, [`Ferry times ${tag}`]);
  await newAccount(ext, control);
  // The options page is open first, with its fields filled from the settings as they were.
  const options = await OptionsScreen.open(ext);
  const people = role('textbox', 'Muted people');
  expect(await fieldValue(options.page, people)).not.toContain('demo');

  // Muted from a post's menu in the panel: the background pushes the settings to every page.
  const panel = await SidePanelScreen.open(ext);
  const post = await panel.article(`Ferry times ${tag}`);
  await click(post, role('button', 'More actions'));
  await click(post, role('button', 'Mute @demo'));
  const noPostOfDemo = () =>
    until(
      async () => ((await textOf(panel.page, SidePanelScreen.feed)).includes(tag) ? undefined : true),
      'no post of @demo',
    );
  await noPostOfDemo();

  // The options page's field shows the mute, unedited, and a person added there is saved beside it.
  await options.page.bringToFront();
  const shown = await until(async () => {
    const value = await fieldValue(options.page, people);
    return value.split('\n').includes('demo') ? value : undefined;
  }, 'the pushed mute in "Muted people"');
  await fill(options.page, people, `${shown}\n@carol`);
  await waitForText(options.page, 'Saved.', { selector: role('region', 'Muted words and people') });
  const settings = (await readPref(options.page, 'settings')) as { mutedAuthors: string[] };
  expect(settings.mutedAuthors).toEqual(expect.arrayContaining(['demo', 'carol']));

  // The panel still hides @demo's post: the options page's save did not unmute them.
  await panel.page.bringToFront();
  await find(panel.page, role('button', /^\d+ hidden$/));
  await noPostOfDemo();
});
