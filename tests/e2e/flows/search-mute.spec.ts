import { expectAccessible } from '../driver/axe';
import { newAccount } from '../driver/extension';
import { seedPosts } from '../driver/side-panel';
import { expect, test } from '../driver/test';
import { click, fill, find, findAll, role, textOf, uniqueTag, until, waitForText, withText } from '../driver/ui';
import { OptionsScreen } from '../screens/options';
import { SidePanelScreen } from '../screens/side-panel';
import { scaled } from '../support/time';

// The test walks a whole feature with several axe scans: more than the default minute on a busy machine.
test.describe.configure({ timeout: scaled(180_000) });

const search = role('searchbox', 'Search loaded posts');
const hiddenLine = role('button', /^\d+ hidden$/);

test('search filters the loaded posts as typed, with no request; mutes hide posts behind "N hidden"', async ({
  ext,
  control,
  sandbox,
}) => {
  const tag = `t${uniqueTag()}`;
  await seedPosts(control, [`Zebra crossing Ärger ${tag}`, `Bus lane ${tag}`, `Zebra stripes ${tag} spoiler${tag}`]);
  await newAccount(ext, control);
  const panel = await SidePanelScreen.open(ext);
  const page = panel.page;
  await ext.setViewport(page, { width: 360, height: 760 });
  await panel.article(`Bus lane ${tag}`);
  const drawn = async () => (await findAll(page, SidePanelScreen.articles)).length;

  // Typing filters at once and asks the platform nothing.
  let timelineReads = 0;
  const stop = sandbox.onRequest((entry) => {
    if (JSON.stringify(entry).includes('timelines')) timelineReads += 1;
  });
  await (await find(page, search)).type('ZEBRA arger', { delay: 20 });
  await expect.poll(drawn).toBe(1);
  expect(await textOf(page, SidePanelScreen.articles)).toContain(`Zebra crossing Ärger ${tag}`);
  await withText(page, '[role="status"]', 'loaded posts matches');
  await fill(page, search, tag);
  await expect.poll(drawn).toBe(3);
  expect(timelineReads).toBe(0);
  stop();

  // Mute a word on the options page: the post that holds it hides behind "1 hidden".
  const options = await OptionsScreen.open(ext);
  await fill(options.page, role('textbox', 'Muted words and phrases'), `spoiler${tag}`);
  await waitForText(options.page, 'Saved.', { selector: role('region', 'Muted words and people') });
  await expectAccessible(ext, options.page, 'options, mutes and keys', {
    include: ['section[aria-labelledby="mutes-title"]', 'section[aria-labelledby="timeline-keys-title"]'],
  });
  // Back to the panel, as the user goes (a tab in the background draws no frames, so nothing there settles).
  await page.bringToFront();
  await expect.poll(drawn).toBe(2);
  const expanded = async () =>
    (await find(page, role('button', '1 hidden'))).evaluate((el) => el.getAttribute('aria-expanded'));
  expect(await expanded()).toBe('false');
  await click(page, role('button', '1 hidden'));
  await expect.poll(expanded).toBe('true');
  const muted = await panel.article(`Zebra stripes ${tag}`);
  expect(await textOf(muted)).toContain(`Hidden: you muted “spoiler${tag}”.`);
  // The search field, the "1 hidden" line (open) and a muted post shown with its note.
  await expectAccessible(ext, page, 'side panel, search and hidden line', { include: ['.timeline-search', '.vlist'] });
  await click(page, role('button', '1 hidden'));
  await expect.poll(drawn).toBe(2);
  expect(await textOf(page, SidePanelScreen.feed)).not.toContain(`Zebra stripes ${tag}`);

  // Mute the author from a post's menu: every post of theirs hides; "N hidden" counts them.
  await fill(page, search, '');
  await expect.poll(async () => (await find(page, search)).evaluate((el) => (el as HTMLInputElement).value)).toBe('');
  const first = await panel.article(`Bus lane ${tag}`);
  await click(first, role('button', 'More actions'));
  await click(first, role('button', 'Mute @demo'));
  await until(
    async () =>
      (await page.evaluate(() => document.body.textContent ?? '')).includes('@demo muted: their posts are hidden.')
        ? true
        : undefined,
    'the mute announced',
  );
  await until(
    async () => ((await textOf(page, SidePanelScreen.feed)).includes(tag) ? undefined : true),
    'no post of @demo',
  );
  await click(page, hiddenLine);
  const shown = await panel.article(`Bus lane ${tag}`);
  expect(await textOf(shown)).toContain('Hidden: you muted @demo.');
  await click(shown, role('button', 'Unmute @demo'));
  await until(
    async () =>
      (await textOf(await panel.article(`Bus lane ${tag}`))).includes('Hidden: you muted') ? undefined : true,
    'the post shown again',
  );
});
