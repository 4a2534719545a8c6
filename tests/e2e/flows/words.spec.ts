import type { Page } from 'puppeteer-core';
import { waitForBars } from '../driver/bars';
import { configure, USER_SCOPES } from '../driver/extension';
import { decorateSandboxSite } from '../driver/link-scripts';
import { wordsOf } from '../driver/locales';
import { seedPosts } from '../driver/side-panel';
import { expect, test } from '../driver/test';
import { click, fieldValue, find, role, textOf, until, waitForText } from '../driver/ui';
import { OptionsScreen } from '../screens/options';
import { PopupScreen } from '../screens/popup';

/**
 * Whose words the pages say. An account has one name on every page (lib/account-name.ts): its host
 * before the key check, then the platform's "Display Name (@handle)", then the label the user gives
 * it. The default reaction kind says the product's words in the browser's language, on the panel's
 * buttons, the options' label field and the inline bars; a label the user types stays as typed.
 */

/** Waits until the element `selector` finds says exactly `text` (trimmed). */
function waitForExactText(page: Page, selector: string, text: string): Promise<true> {
  return until(
    async () =>
      (await page.$(selector)) !== null && (await textOf(page, selector)).trim() === text ? true : undefined,
    `"${text}" in ${selector}`,
  );
}

/** The words on the reaction buttons of the panel's first post, as their names (count and mark are hidden). */
function reactionLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...(document.querySelector('[role="feed"] article')?.querySelectorAll('button.reaction') ?? [])].map((button) => {
      const copy = button.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return copy.textContent?.trim() ?? '';
    }),
  );
}

/** Waits until the panel's first post has exactly these reaction buttons. */
async function waitForReactions(page: Page, labels: string[]): Promise<void> {
  let seen: string[] = [];
  await until(
    async () => {
      seen = await reactionLabels(page);
      return JSON.stringify(seen) === JSON.stringify(labels) ? true : undefined;
    },
    `the reaction buttons ${JSON.stringify(labels)}`,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; they say ${JSON.stringify(seen)}`);
  });
}

test.describe('in en', () => {
  test('one account has one name on every page: its host, then "Name (@handle)", then its label', async ({
    ext,
    control,
  }) => {
    const handle = `robin_${Date.now().toString(36)}`;
    const { key } = await control.control<{ key: string }>('POST', '/keys', {
      scopes: USER_SCOPES,
      displayName: 'Robin Reader',
      handle,
    });
    const host = new URL(control.baseUrl).host;
    await configure(ext, control.baseUrl, key);

    // Before any key check the account is its server's host: never "(no label)".
    const panel = await ext.open('sidepanel.html');
    await waitForExactText(panel, '#panel-timeline .speaker', `as ${host}`);

    // The key check names the person: the same words in the panel, popup, options and welcome page.
    const name = `Robin Reader (@${handle})`;
    const options = await OptionsScreen.open(ext);
    await click(options.page, OptionsScreen.checkKey);
    await waitForText(options.page, `The key works: it acts for ${name}.`, { selector: OptionsScreen.feedback });
    await find(options.page, role('heading', `Account: ${name}`));
    await waitForExactText(options.page, '.account-row strong[id$="-name"]', name);
    await waitForExactText(panel, '#panel-timeline .speaker', `as ${name}`);
    const popup = await PopupScreen.open(ext);
    await waitForText(popup.page, `Signed in as ${name}`);
    await waitForExactText(popup.page, '.speaker', `as ${name}`);
    const welcome = await ext.open('welcome.html');
    await waitForText(welcome, `You are ready: the extension acts as ${name} on ${host}.`);

    // A label the user gives the account is its name from then on, everywhere.
    const { accounts } = await ext.call<{ accounts: { id: string }[] }>('getStatus');
    await ext.call('updateAccount', { id: accounts[0]?.id, label: 'Work' });
    await waitForExactText(panel, '#panel-timeline .speaker', 'as Work');
    await waitForExactText(options.page, '.account-row strong[id$="-name"]', 'Work');
    const again = await PopupScreen.open(ext);
    await waitForText(again.page, 'Signed in as Work');
  });
});

for (const lang of ['de', 'fr'] as const) {
  test.describe(`in ${lang}`, () => {
    test.use({ launch: { lang } });
    const say = wordsOf(lang);

    test(`in ${lang}, the default reaction says the product's words; a typed label stays as typed`, async ({
      ext,
      control,
    }) => {
      const words = say('reactionWellSourced');
      expect(words).not.toBe('Well sourced');
      await decorateSandboxSite(ext, control);
      // The kinds as a new install has them: the default, without a label of the user's.
      await ext.call('saveSettings', { reactionKinds: [{ value: 'well_sourced' }] });
      await seedPosts(control, ['Riverton’s bus lanes cut the Line 4 commute by six minutes.']);

      // The side panel's buttons.
      const panel = await ext.open('sidepanel.html');
      await waitForReactions(panel, [words]);
      expect(await textOf(panel, '[role="feed"]')).not.toContain('Well sourced');

      // The options page's label field shows the same words, and saves nothing by being shown.
      const options = await ext.open('options.html');
      await until(
        async () => ((await fieldValue(options, '#kind-label-0')) === words ? true : undefined),
        `the label field saying "${words}"`,
      );
      expect((await ext.call<{ reactionKinds: unknown }>('getSettings')).reactionKinds).toEqual([
        { value: 'well_sourced' },
      ]);

      // The inline bars on the platform's site.
      const site = await ext.openTab(`${control.baseUrl}/`);
      const bar = (await waitForBars(ext, site, 1, 'a bar on the site')).find((drawn) => drawn.buttons.length > 0);
      expect(bar?.buttons[0]?.label).toBe(words);
      expect(bar?.buttons.map((button) => button.label)).not.toContain('Well sourced');

      // A label the user typed is theirs, exactly, even the English words.
      await ext.call('saveSettings', { reactionKinds: [{ value: 'well_sourced', label: 'Well sourced' }] });
      // The user looks at the panel again.
      await panel.bringToFront();
      await waitForReactions(panel, ['Well sourced']);
    });
  });
}
