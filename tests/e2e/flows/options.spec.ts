import type { Page } from 'puppeteer-core';
import { USER_SCOPES } from '../driver/extension';
import { reload } from '../driver/pages';
import { expect, test } from '../driver/test';
import {
  click,
  fieldValue,
  fill,
  find,
  findAll,
  isDisabled,
  role,
  textOf,
  uniqueTag,
  until,
  waitForText,
  withText,
} from '../driver/ui';
import { OptionsScreen } from '../screens/options';
import { OutboxScreen } from '../screens/outbox';
import { SidePanelScreen } from '../screens/side-panel';

/** The reaction editor's live line ("Saved.", "Not saved yet: …"). */
const reactionsSaveState = `${role('region', 'Reaction buttons')} [role="status"]`;

/** How many elements show the scope state "granted" (one per scope the key holds). */
function grantedCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll('body *')].filter(
        (el) => el.children.length === 0 && (el.textContent ?? '').trim() === 'granted',
      ).length,
  );
}

/** Waits until the field `selector` holds `value`. */
function untilValue(page: Page, selector: string, value: string): Promise<true> {
  return until(async () => ((await fieldValue(page, selector)) === value ? true : undefined), `${selector} = ${value}`);
}

test('options: set the base URL and key, check the key, and never see the key again', async ({ ext, control }) => {
  const tag = uniqueTag();
  const name = `Olga Options ${tag}`;
  const handle = `olga_${tag}`;
  const { key } = await control.control<{ key: string }>('POST', '/keys', {
    scopes: USER_SCOPES,
    displayName: name,
    handle,
  });
  const options = await OptionsScreen.open(ext);
  expect(await textOf(options.page, 'h1')).toBe('Debate Companion options');
  await options.configure(control.baseUrl, key);
  await waitForText(options.page, `ending in ${key.slice(-4)}`);
  expect(await fieldValue(options.page, OptionsScreen.apiKey)).toBe('');

  await click(options.page, OptionsScreen.checkKey);
  // One name for the account on every page (lib/account-name.ts): "Display Name (@handle)".
  await waitForText(options.page, `The key works: it acts for ${name} (@${handle}).`, {
    selector: OptionsScreen.feedback,
  });
  await find(options.page, role('heading', `Account: ${name} (@${handle})`, { exact: true }));
  expect(await grantedCount(options.page)).toBe(USER_SCOPES.length);

  // Reload: the page shows that a key is set, never the key.
  await reload(ext, options.page);
  await waitForText(options.page, `ending in ${key.slice(-4)}`);
  expect(await options.page.content()).not.toContain(key);

  // Remove key (what PRIVACY.md tells users to press): gone from this browser, as the page says.
  await click(options.page, role('button', 'Remove key'));
  await waitForText(options.page, 'The key is removed from this browser.', { selector: OptionsScreen.feedback });
  await waitForText(options.page, 'No key is set yet.');
  expect(await isDisabled(options.page, OptionsScreen.checkKey)).toBe(true);
});

test('options: a key the platform does not accept is reported in words', async ({ ext, control }) => {
  const options = await OptionsScreen.open(ext);
  await options.configure(control.baseUrl, 'dcp_this_key_does_not_exist_0000');
  await click(options.page, OptionsScreen.checkKey);
  const said = await waitForText(options.page, 'not accepted', { selector: OptionsScreen.feedback });
  expect(said).toBe('The key was not accepted. Check it on the options page.');
});

test('options: reaction buttons are edited, saved as they change and kept; the shortcut is shown', async ({ ext }) => {
  const options = await OptionsScreen.open(ext);
  const { page } = options;
  await untilValue(page, OptionsScreen.reactionValue(1), 'well_sourced');
  await click(page, OptionsScreen.addReaction);
  const added = await find(page, OptionsScreen.reactionValue(2));
  await until(
    async () => ((await added.evaluate((el) => el === document.activeElement)) ? true : undefined),
    'the new reaction value focused',
  );
  await fill(page, OptionsScreen.reactionValue(2), 'Agree!');
  await waitForText(page, 'Lowercase letters, digits and _ only');
  await waitForText(page, /^Not saved yet: fix what is marked\.$/, { selector: reactionsSaveState });
  await fill(page, OptionsScreen.reactionValue(2), 'agree');
  await fill(page, OptionsScreen.reactionLabel(2), 'Agree');
  await waitForText(page, /^Saved\.$/, { selector: reactionsSaveState });

  // The browser reports the command's shortcut; the page says where to change it, in each browser's words.
  const shortcut = role('region', 'Keyboard shortcut', { exact: true });
  expect(await textOf(page, `${shortcut} kbd`)).toBe('Alt+Shift+D');
  await withText(
    page,
    `${shortcut} p`,
    ext.engine === 'firefox' ? 'the gear menu, then Manage Extension Shortcuts' : 'chrome://extensions/shortcuts',
  );

  await reload(ext, page);
  await untilValue(page, OptionsScreen.reactionValue(2), 'agree');
  expect(await fieldValue(page, OptionsScreen.reactionLabel(2))).toBe('Agree');
});

test('main flow: set and check the key, read the timeline in the panel page, post, see it land and sent', async ({
  ext,
  control,
}) => {
  const { key, account } = await control.newKey(USER_SCOPES);
  const options = await OptionsScreen.open(ext);
  await options.configure(control.baseUrl, key);
  await click(options.page, OptionsScreen.checkKey);
  await waitForText(options.page, 'The key works: it acts for', { selector: OptionsScreen.feedback });
  expect(await options.page.content()).not.toContain(key);

  // The side panel's page (Firefox: the sidebar's): the timeline's posts are there.
  const panel = await SidePanelScreen.open(ext);
  await panel.firstArticle();
  expect((await findAll(panel.page, SidePanelScreen.articles)).length).toBeGreaterThan(3);

  // Post from the composer; it lands on the platform, once.
  const body = `Posted from the panel ${uniqueTag()}: the ferry runs until 23:00.`;
  await fill(panel.page, SidePanelScreen.newPost, body);
  await click(panel.page, SidePanelScreen.postButton);
  await expect
    .poll(async () => (await control.postsOf(key, account)).filter((post) => post.body === body).length)
    .toBe(1);

  // The Outbox shows it as sent.
  const outbox = new OutboxScreen(panel.page);
  await outbox.open();
  await outbox.item(body.slice(0, 40), /Sent at/);
});
