import type { Page } from 'puppeteer-core';
import { VIEWPORT } from '../driver/chromium';
import { tabIdOf } from '../driver/content-script';
import { configure, USER_SCOPES } from '../driver/extension';
import { expect, test } from '../driver/test';
import { openToolbarPopup, popupViews, type ToolbarPopup } from '../driver/toolbar';
import type { Badge, ExtensionBrowser } from '../driver/types';
import { uniqueTag, until } from '../driver/ui';

// The toolbar button, as the user meets it: the real popup it opens, and the badge it carries.

/** The popup's visible text. */
function popupText(popup: ToolbarPopup): Promise<string> {
  return popup.evaluate((doc) => doc.body.innerText);
}

/** Waits until the popup shows `text`. */
async function waitForPopupText(popup: ToolbarPopup, text: string): Promise<void> {
  await until(async () => ((await popupText(popup)).includes(text) ? true : undefined), `"${text}" in the popup`);
}

// The first test of the file meets the extension as installed: no address, no key.
test('toolbar: the button opens the real popup, which says what is missing, then names the account and posts', async ({
  ext,
  control,
}) => {
  await ext.openTab(`${control.baseUrl}/`);
  const popup = await openToolbarPopup(ext);
  // The browser lists it as the extension's popup (not a tab), at a popup's size.
  expect(await popupViews(ext)).toEqual([ext.url('popup.html')]);
  const size = await popup.evaluate((doc) => ({
    width: doc.defaultView?.innerWidth ?? 0,
    height: doc.defaultView?.innerHeight ?? 0,
  }));
  expect(size.width).toBeGreaterThan(0);
  expect(size.width).toBeLessThan(VIEWPORT.width);
  expect(size.height).toBeLessThan(VIEWPORT.height);
  await waitForPopupText(popup, "The platform's address is not set yet.");
  expect(await popup.evaluate((doc) => doc.querySelector('h1')?.textContent)).toBe('Debate Companion');
  expect(
    await popup.evaluate((doc) => (doc.querySelector('.quick-post button[type=submit]') as HTMLButtonElement).disabled),
  ).toBe(true);
  await popup.close();

  // Configured for an account with a name: the popup, opened again, checks the key and names it.
  const tag = uniqueTag();
  const named = { handle: `toolbar_${tag}`, displayName: `Toolbar Tester ${tag}` };
  const { key, account } = await control.control<{ key: string; account: string }>('POST', '/keys', {
    scopes: USER_SCOPES,
    ...named,
  });
  await configure(ext, control.baseUrl, key);
  const again = await openToolbarPopup(ext);
  await waitForPopupText(again, `Signed in as ${named.displayName} (@${named.handle})`);
  await waitForPopupText(again, `Key ending in ${key.slice(-4)}`);
  await waitForPopupText(again, 'nothing waiting');

  // A quick post from the real popup goes out.
  const body = `Posted from the toolbar popup ${tag}: the ferry runs hourly again.`;
  await again.evaluate((doc, text: string) => {
    const box = doc.getElementById('quick-post') as HTMLTextAreaElement;
    box.value = text;
    box.dispatchEvent(new (doc.defaultView as Window & typeof globalThis).Event('input', { bubbles: true }));
  }, body);
  await until(
    () =>
      again.evaluate((doc) =>
        (doc.querySelector('.quick-post button[type=submit]') as HTMLButtonElement).disabled ? undefined : true,
      ),
    'the Post button enabled',
  );
  await again.evaluate((doc) => (doc.querySelector('.quick-post button[type=submit]') as HTMLButtonElement).click());
  await waitForPopupText(again, 'Queued:');
  await waitForPopupText(again, 'all sent');
  expect((await control.postsOf(key, account)).map((post) => post.body)).toEqual([body]);
  await again.close();
});

/** The badge colours of badge.ts, as the browsers report them. */
const COLOURS = {
  normal: 'rgba(31, 95, 191, 255)',
  paused: 'rgba(180, 83, 9, 255)',
  blocked: 'rgba(185, 28, 28, 255)',
};

/** Waits until `tab`'s badge is `wanted` (read for that tab's id, with the tab in front). */
function untilBadge(ext: ExtensionBrowser, tab: Page, wanted: Omit<Badge, 'title'>, what: string): Promise<Badge> {
  return until(async () => {
    const badge = await ext.badge(tab);
    return badge.text === wanted.text && badge.colour === wanted.colour ? badge : undefined;
  }, `the badge ${what}`);
}

test("toolbar: the badge counts the writes waiting and colours the pause, in each tab's own badge", async ({
  ext,
  control,
}) => {
  const first = await ext.openTab(`${control.baseUrl}/`);
  const { key, account } = await control.newKey(USER_SCOPES);
  await configure(ext, control.baseUrl, key);
  expect((await ext.badge(first)).text).toBe('');

  // A disabled key holds two writes: the count, in red.
  await control.disableKey(key, 'Toolbar badge test');
  for (const n of [1, 2]) await ext.call('enqueueWrite', { kind: 'post', body: `Badge test ${n}: held, then sent.` });
  const blocked = { text: '2', colour: COLOURS.blocked };
  expect(await untilBadge(ext, first, blocked, '2 in red, first tab')).toEqual({
    ...blocked,
    title: 'Debate Companion',
  });
  // The badge is the extension's, not the page's: a second tab (opened after it was drawn) has it too.
  const second = await ext.openTab(`${control.baseUrl}/?second-tab`);
  // Two tabs of their own: each read below is of its tab's id.
  expect(await tabIdOf(ext, second)).not.toBe(await tabIdOf(ext, first));
  expect(await ext.badge(second)).toEqual({ ...blocked, title: 'Debate Companion' });

  // The key works again, with a budget of one write per 8 s: one goes, the other waits, in amber.
  await control.enableKey(key);
  await control.setSilentBudget(account, 1, 8);
  await ext.call('saveKey', { key });
  const paused = { text: '1', colour: COLOURS.paused };
  await untilBadge(ext, second, paused, '1 in amber, second tab');
  expect(await ext.badge(first)).toEqual({ ...paused, title: 'Debate Companion' });

  // Both sent: no count, the normal colour, in both tabs.
  const clear = { text: '', colour: COLOURS.normal };
  await untilBadge(ext, first, clear, 'cleared, first tab');
  expect(await ext.badge(second)).toEqual({ ...clear, title: 'Debate Companion' });
  expect((await control.postsOf(key, account)).map((post) => post.body)).toEqual([
    'Badge test 1: held, then sent.',
    'Badge test 2: held, then sent.',
  ]);
});
