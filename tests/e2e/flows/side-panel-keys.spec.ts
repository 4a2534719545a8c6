import { expectAccessible } from '../driver/axe';
import { newAccount } from '../driver/extension';
import { screenshotSchemes } from '../driver/screenshots';
import { sandboxEvents, seedPosts, waitForFocus } from '../driver/side-panel';
import { expect, test } from '../driver/test';
import type { ExtensionBrowser } from '../driver/types';
import {
  click,
  fieldValue,
  fill,
  find,
  findAll,
  press,
  role,
  textOf,
  uniqueTag,
  until,
  waitForText,
} from '../driver/ui';
import { OptionsScreen } from '../screens/options';
import { SidePanelScreen } from '../screens/side-panel';
import type { SandboxClient } from '../support/sandbox-client';
import { scaled } from '../support/time';

// Each test walks the panel with several axe scans: more than the default minute on a busy machine.
test.describe.configure({ timeout: scaled(120_000) });

const replyButton = role('button', 'Reply', { exact: true });

/** Two fresh posts on top of the timeline, an account to read them, and the panel open on them. */
async function panelOnTwoPosts(
  ext: ExtensionBrowser,
  control: SandboxClient,
  name: string,
  before?: () => Promise<void>,
) {
  const tag = uniqueTag();
  const [firstId] = await seedPosts(control, [`${name} first ${tag}`, `${name} second ${tag}`]);
  await newAccount(ext, control);
  await before?.();
  const panel = await SidePanelScreen.open(ext);
  await panel.article(`${name} first ${tag}`);
  return { tag, firstId, page: panel.page, first: `article[data-post-id="${firstId}"]` };
}

/** Saves the options' shortcuts card as it stands, and waits for its "saved". */
async function saveShortcuts(options: OptionsScreen): Promise<void> {
  await click(options.page, role('button', 'Save shortcuts'));
  await waitForText(options.page, 'Shortcuts saved', { selector: role('region', 'Timeline keyboard shortcuts') });
}
const replyBox = role('textbox', 'Reply');

test('side panel: arrow keys walk the feed and the tab strip; accessible and pictured in light and dark', async ({
  ext,
  control,
}) => {
  await newAccount(ext, control);
  const panel = await SidePanelScreen.open(ext);
  const page = panel.page;
  await ext.setViewport(page, { width: 360, height: 760 });
  await panel.firstArticle();
  await expectAccessible(ext, page, 'side panel, timeline');
  await screenshotSchemes(ext, page, 'sidepanel-timeline');

  // The feed is walked post by post with the keyboard.
  const articles = await findAll(page, SidePanelScreen.articles);
  await articles[0]?.focus();
  await press(page, 'ArrowDown');
  await waitForFocus(page, `${SidePanelScreen.articles}[aria-posinset="2"]`);
  await press(page, 'PageDown');
  const third = await waitForFocus(page, `${SidePanelScreen.articles}[aria-posinset="3"]`);
  const thirdId = await third.evaluate((el) => el.getAttribute('data-post-id'));
  const thirdPost = `article[data-post-id="${thirdId}"]`;

  // Reply opens with the keyboard and puts the caret in the box; Escape closes it and returns focus.
  await (await find(page, `${thirdPost} ${replyButton}`)).focus();
  await press(page, 'Enter');
  await waitForFocus(page, `${thirdPost} ${replyBox}`);
  await press(page, 'Escape');
  await waitForFocus(page, `${thirdPost} ${replyButton}`);

  // The tabs follow the arrow keys.
  await (await find(page, SidePanelScreen.timelineTab)).focus();
  await press(page, 'ArrowRight');
  const outboxTab = await waitForFocus(page, SidePanelScreen.outboxTab);
  expect(await outboxTab.evaluate((el) => el.getAttribute('aria-selected'))).toBe('true');
  await press(page, 'ArrowLeft');
  const timelineTab = await waitForFocus(page, SidePanelScreen.timelineTab);
  expect(await timelineTab.evaluate((el) => el.getAttribute('aria-selected'))).toBe('true');

  // With a reply box open and the Outbox shown, still no violations.
  await click(page, `${thirdPost} ${replyButton}`);
  await find(page, `${thirdPost} ${replyBox}`);
  await expectAccessible(ext, page, 'side panel, reply box open', { include: [thirdPost] });
  await click(page, SidePanelScreen.outboxTab);
  await find(page, '#panel-outbox');
  await expectAccessible(ext, page, 'side panel, Outbox', { include: ['#panel-outbox'] });
});

test('side panel: j/k move, r replies, 1 reacts and the reaction lands, / searches, ? lists the keys', async ({
  ext,
  control,
}) => {
  const { tag, firstId, page, first } = await panelOnTwoPosts(ext, control, 'Keys');

  // j from nowhere in particular takes the first post.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await press(page, 'j');
  await waitForFocus(page, first);
  await press(page, 'j');
  await waitForFocus(page, `${SidePanelScreen.articles}[aria-posinset="2"]`);
  await press(page, 'k');
  expect(await textOf(await waitForFocus(page, first))).toContain(`Keys first ${tag}`);

  // r opens the reply box with the caret in it; there, j is text.
  await press(page, 'r');
  await waitForFocus(page, `${first} ${replyBox}`);
  await press(page, 'j');
  expect(await fieldValue(page, `${first} ${replyBox}`)).toBe('j');
  await press(page, 'Backspace');
  expect(await fieldValue(page, `${first} ${replyBox}`)).toBe('');
  await press(page, 'Escape');
  await waitForFocus(page, `${first} ${replyButton}`);

  // 1: the first reaction kind, on the post that holds the focus; it goes through the Outbox.
  await press(page, '1');
  await until(
    async () =>
      (await find(page, `${first} ${SidePanelScreen.reaction('Well sourced')}`)).evaluate((el) =>
        el.getAttribute('aria-disabled') === 'true' ? true : undefined,
      ),
    'Well sourced marked',
  );
  await expect
    .poll(
      async () =>
        (await sandboxEvents(control)).some((e) => e.type === 'reaction.created' && e.data.postId === firstId),
      { timeout: scaled(15_000) },
    )
    .toBe(true);

  await press(page, '/');
  await waitForFocus(page, role('searchbox', 'Search loaded posts'));
  await press(page, 'Escape');
  await (await find(page, first)).focus();
  await press(page, '?');
  const dialog = await find(page, role('dialog', 'Keyboard shortcuts'));
  expect(await textOf(dialog)).toContain('Reply to the focused post');
  await expectAccessible(ext, page, 'side panel, shortcuts dialog', { include: ['.shortcuts-dialog'] });
  await press(page, 'Escape');
  await until(
    async () => ((await page.$(role('dialog', 'Keyboard shortcuts'))) === null ? true : undefined),
    'the dialog closed',
  );
  await waitForFocus(page, first);
});

test('single keys follow the options: j moved to n moves with n and not with j; turned off, none works', async ({
  ext,
  control,
}) => {
  let options: OptionsScreen | undefined;
  const { firstId, page, first } = await panelOnTwoPosts(ext, control, 'Remap', async () => {
    options = await OptionsScreen.open(ext);
    await fill(options.page, role('textbox', 'Key for “Next post”'), 'N');
    await saveShortcuts(options);
    await expectAccessible(ext, options.page, 'options, keyboard shortcuts', { include: ['#timeline-keys-title'] });
  });
  if (options === undefined) throw new Error('the options page did not open');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // j is nothing now: the focus stays where it was.
  await press(page, 'j');
  await press(page, 'n');
  await waitForFocus(page, first);
  await press(page, 'j');
  await press(page, 'n');
  await waitForFocus(page, `${SidePanelScreen.articles}[aria-posinset="2"]`);
  // The list of keys shows the user's map.
  await press(page, '?');
  const dialog = await find(page, role('dialog', 'Keyboard shortcuts'));
  expect(await textOf(dialog)).toMatch(/n\s*Next post/);
  await press(page, 'Escape');

  // All single keys off: none of them does anything, and the list says so.
  await options.page.bringToFront();
  await click(options.page, role('checkbox', 'Single-key shortcuts in the side panel'));
  await saveShortcuts(options);
  await page.bringToFront();
  await (await find(page, first)).focus();
  // ('/' is left out: a key the panel does not take is the browser's, and Firefox's is Quick Find.)
  for (const key of ['n', 'k', '1', '?']) await press(page, key);
  await waitForFocus(page, first);
  expect(await page.$(role('dialog', 'Keyboard shortcuts'))).toBeNull();
  expect((await sandboxEvents(control)).some((e) => e.type === 'reaction.created' && e.data.postId === firstId)).toBe(
    false,
  );
});
