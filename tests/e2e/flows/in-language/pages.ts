import type { ElementHandle, Page } from 'puppeteer-core';
import { clickBarButton, focusedComposer, waitForBars } from '../../driver/bars';
import { SANDBOX_SITE_MATCHES, waitForRegistration } from '../../driver/link-scripts';
import { localeProblems, wordsOf } from '../../driver/locales';
import { stageOutboxScene } from '../../driver/outbox-scene';
import { screenshot } from '../../driver/screenshots';
import { seedPosts } from '../../driver/side-panel';
import { expect, test } from '../../driver/test';
import { clickBehind, fill, find, findAll, isDisabled, role, uniqueTag, until, waitForText } from '../../driver/ui';
import { SidePanelScreen } from '../../screens/side-panel';

/**
 * Each shipped language, as a user whose browser speaks it sees the extension: the browser started
 * in that language (Chromium's `--lang`, Firefox's language pack), every page drawn with the demo
 * scene (an Outbox in every state, a rate-limit countdown), at the widths the browser gives it.
 * Each page must show no raw `__MSG_` or message key, no English where the language has its own
 * words, no control without a name, and nothing running past the edge or cut off.
 * Pictures: `test-results/screenshots/<page>-<lang>-<browser>.png` (copies in docs/screenshots).
 */

/** Waits until an element in `scope` has exactly `text` as its own text (as the user reads it, any case). */
function exactText(scope: Page | ElementHandle, text: string): Promise<true> {
  return until(
    () =>
      scope
        .$$eval('*', (elements, text) => elements.some((el) => el.textContent?.trim() === text), text)
        .then((found) => (found ? true : undefined)),
    `"${text}"`,
  );
}

/** The pages' words in one language (the browser started in it); the first meets the extension as installed. */
export function localePageTests(locale: 'de' | 'fr'): void {
  const say = wordsOf(locale);

  // The first test of each language meets the extension as installed: nothing set up yet.
  test(`in ${locale}, the welcome page of a new user has all its words and fits its width`, async ({ ext }) => {
    const welcome = await ext.open('welcome.html');
    await ext.setViewport(welcome, { width: 900, height: 900 });
    await find(welcome, role('heading', say('welcomeConnectTitle')));
    expect(await isDisabled(welcome, role('button', say('welcomeSitesAllow')))).toBe(false);
    expect(await localeProblems(welcome, locale)).toEqual([]);
    await screenshot(ext, welcome, `welcome-${locale}`, { fullPage: true });
  });

  test(`in ${locale}, the side panel, popup, options and inline bars have all their words and fit`, async ({
    ext,
    control,
  }) => {
    await stageOutboxScene(ext, control);
    // A post about a page the reader will have open beside the panel (the sandbox is the worker's: a
    // page of this test's own).
    const discussed = `${control.baseUrl}/about/budget-2027-${uniqueTag()}`;
    await seedPosts(control, [`The council's budget page, worth a read: ${discussed}?utm_source=newsletter`]);

    const panel = await SidePanelScreen.open(ext);
    const page = panel.page;
    await ext.setViewport(page, { width: 360, height: 760 });
    await find(page, `${role('feed', say('panelTimelineHeading'))} article`);
    await find(page, '.pause-banner');
    expect(await localeProblems(page, locale)).toEqual([]);
    // The panel's three tabs stay on one line at its usual width.
    const tabTops = await page.$$eval('[role="tab"]', (tabs) => tabs.map((tab) => tab.getBoundingClientRect().top));
    expect(tabTops).toHaveLength(3);
    expect(new Set(tabTops).size, 'the tabs wrap onto a second line').toBe(1);
    await screenshot(ext, page, `sidepanel-${locale}`);

    await ext.setViewport(page, { width: 360, height: 1150 });
    await (await find(page, role('tab', say('panelTabOutbox')))).click();
    await exactText(await find(page, role('region', say('outboxTitle'), { exact: true })), say('outboxStateUncertain'));
    expect(await localeProblems(page, locale)).toEqual([]);
    await screenshot(ext, page, `sidepanel-outbox-${locale}`);

    // "This page", with the discussed page in the tab beside the panel.
    const beside = await ext.openTab(discussed);
    await beside.bringToFront();
    await ext.setViewport(page, { width: 360, height: 760 });
    await clickBehind(page, role('tab', say('panelTabThisPage')));
    await until(
      async () => ((await findAll(page, '#panel-page article')).length === 1 ? true : undefined),
      'the one post about the page',
    );
    await find(page, `#panel-page ${role('button', say('thisPageReadFurther'))}`);
    expect(await localeProblems(page, locale)).toEqual([]);
    await screenshot(ext, page, `sidepanel-this-page-${locale}`);
    await beside.close();

    const popup = await ext.open('popup.html');
    // The popup is as wide as its page says (22rem): the browser sizes it to that.
    await ext.setViewport(popup, { width: 330, height: 600 });
    await waitForText(popup, say('popupSignedInAs').replace('$V1$', '').trim());
    await fill(popup, role('textbox', say('popupQuickPost')), 'Turnout at the Riverside hearing.');
    expect(await localeProblems(popup, locale)).toEqual([]);
    await screenshot(ext, popup, `popup-${locale}`, { fullPage: true });

    const options = await ext.open('options.html');
    await ext.setViewport(options, { width: 760, height: 900 });
    await find(options, role('heading', new RegExp(`^${say('accountsTitle')}`)));
    const shortcut = await find(options, role('region', say('optionsShortcutTitle'), { exact: true }));
    await until(
      async () => ((await shortcut.$eval('kbd', (kbd) => kbd.textContent)) === 'Alt+Shift+D' ? true : undefined),
      'the shortcut',
    );
    expect(await localeProblems(options, locale)).toEqual([]);
    await screenshot(ext, options, `options-${locale}`, { fullPage: true });

    // The inline bars on the platform's site, one with its reply composer open.
    await waitForRegistration(ext, SANDBOX_SITE_MATCHES);
    const site = await ext.openTab(`${control.baseUrl}/`);
    await ext.setViewport(site, { width: 900, height: 520 });
    const bars = await waitForBars(ext, site, 2, 'the inline bars');
    const second = bars.filter((bar) => bar.buttons.length > 0)[1];
    const labels = second?.buttons.map((button) => button.label) ?? [];
    expect(labels).toContain(say('barReply'));
    expect(labels.every((label) => label !== '')).toBe(true);
    await clickBarButton(ext, site, { index: second?.index ?? -1 }, say('barReply'));
    const composer = await focusedComposer(site);
    expect(await localeProblems(composer, locale)).toEqual([]);
    await screenshot(ext, site, `inline-bar-${locale}`, { keepFocus: true });
  });
}
