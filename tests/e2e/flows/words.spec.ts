import { configure, USER_SCOPES } from '../driver/extension';
import { test } from '../driver/test';
import { click, find, role, waitForText } from '../driver/ui';
import { OptionsScreen } from '../screens/options';
import { PopupScreen } from '../screens/popup';
import { waitForExactText } from './in-language/reaction-words';

/**
 * Whose words the pages say. An account has one name on every page (lib/account-name.ts): its host
 * before the key check, then the platform's "Display Name (@handle)", then the label the user gives
 * it. The default reaction kind says the product's words in the browser's language, on the panel's
 * buttons, the options' label field and the inline bars; a label the user types stays as typed
 * (in-language/reaction-words.ts, run in German and French by locales.spec.ts).
 */

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
