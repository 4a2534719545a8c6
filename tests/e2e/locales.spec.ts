import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Frame, Page } from '@playwright/test';
import { startSandbox } from '../../sandbox/server';
import { expect, test } from './fixtures';
import { extensionIdOf, launchChromium, newProfileDir, openExtensionPage, removeProfile } from './support/chromium';
import { domSession, findBars, focusedComposer, realClick, waitFor } from './support/closed-shadow';
import { waitForRegistration } from './support/link-bars';
import { stageOutboxScene } from './support/outbox-scene';
import { SandboxClient } from './support/sandbox-client';
import { scaled } from './support/time';

/**
 * Each shipped language, as a user whose browser speaks it sees the extension: Chromium started with
 * `--lang` (an extension's messages follow the browser's language), every page drawn with the demo
 * scene (an Outbox in every state, a rate-limit countdown), at the widths the browser gives it.
 * Each page must show no raw `__MSG_` or message key, no English where the language has its own
 * words, no control without a name, and nothing running past the edge or cut off.
 * Pictures: `test-results/screenshots/<page>-<lang>.png` (copies in docs/screenshots).
 */

const DIR = 'test-results/screenshots';
const LOCALES = ['de', 'fr'] as const;
type Messages = Record<string, { message: string }>;

const root = path.resolve(import.meta.dirname, '../..');
const read = (locale: string) =>
  JSON.parse(readFileSync(path.join(root, 'public/_locales', locale, 'messages.json'), 'utf8')) as Messages;
const english = read('en');

/**
 * The English words that must not appear in `locale`: the fixed parts (between placeholders) of each
 * English message the language words differently, long enough not to occur by chance.
 */
function englishOnly(locale: string): string[] {
  const messages = read(locale);
  return Object.entries(english).flatMap(([key, { message }]) => {
    const own = messages[key]?.message;
    if (own === undefined || own === message) return [];
    return message
      .split(/\$[A-Za-z0-9_]+\$/)
      .map((part) => part.trim())
      .filter((part) => part.length >= 14 && !own.includes(part));
  });
}

/** What is wrong with the words and the layout of a page or frame: one line per problem. */
async function problems(where: Page | Frame, locale: string): Promise<string[]> {
  return where.evaluate(
    ({ keys, leaks, locale }) => {
      const found: string[] = [];
      const html = document.documentElement.outerHTML;
      if (html.includes('__MSG_')) found.push('a raw __MSG_ placeholder');
      if (document.documentElement.lang !== locale) found.push(`<html lang="${document.documentElement.lang}">`);
      const text = document.body.innerText;
      // t() shows the key itself when a message is missing.
      for (const word of text.split(/[^A-Za-z0-9_]+/)) if (keys.includes(word)) found.push(`the raw key ${word}`);
      for (const leak of leaks) if (text.includes(leak)) found.push(`English: "${leak}"`);
      const named = 'button, h1, h2, h3, h4, label, legend, a, summary, [role="tab"], [role="group"], th';
      for (const element of document.querySelectorAll<HTMLElement>(named)) {
        const name = element.getAttribute('aria-label') ?? element.getAttribute('title') ?? element.textContent ?? '';
        if (name.trim() === '' && element.getAttribute('aria-labelledby') === null && !element.hidden) {
          found.push(`a ${element.localName} with no text: ${element.outerHTML.slice(0, 120)}`);
        }
      }
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth > width + 1) {
        found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${width} px`);
      }
      for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || style.visibility === 'hidden' || element.closest('.visually-hidden, [hidden]')) continue;
        if (['TEXTAREA', 'INPUT', 'SELECT', 'OPTION'].includes(element.tagName)) continue;
        const what = `${element.localName}.${element.className} "${(element.innerText ?? '').slice(0, 40)}"`;
        if (box.right > width + 1) found.push(`past the right edge (${Math.round(box.right)} > ${width}): ${what}`);
        const clips = ['hidden', 'clip'].includes(style.overflowX);
        if (clips && element.scrollWidth > element.clientWidth + 1 && style.textOverflow !== 'ellipsis') {
          found.push(`cut off (${element.scrollWidth} > ${element.clientWidth}): ${what}`);
        }
      }
      return found;
    },
    { keys: Object.keys(english), leaks: englishOnly(locale), locale },
  );
}

async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: `${DIR}/${name}.png`, ...options });
}

for (const locale of LOCALES) {
  test(`in ${locale}, every page has all its words and fits its width`, async () => {
    test.setTimeout(scaled(180_000));
    const words = read(locale);
    const say = (key: string) => words[key]?.message ?? key;
    const userDataDir = newProfileDir();
    const sandbox = await startSandbox({ seed: true });
    let context: BrowserContext | undefined;
    try {
      // The tabs permission granted, so the panel's "This page" view shows what it found.
      ({ context } = await launchChromium({ userDataDir, args: [`--lang=${locale}`], grantedApis: ['tabs'] }));
      const id = await extensionIdOf(context);
      const open = (page: string) => openExtensionPage(context as BrowserContext, id, page);

      // The welcome page as a new user meets it: nothing set up yet.
      const welcome = await open('welcome.html');
      await welcome.setViewportSize({ width: 900, height: 900 });
      await expect(welcome.getByRole('heading', { name: say('welcomeConnectTitle') })).toBeVisible();
      await expect(welcome.getByRole('button', { name: say('welcomeSitesAllow') })).toBeEnabled();
      expect(await problems(welcome, locale)).toEqual([]);
      await shoot(welcome, `welcome-${locale}`, { fullPage: true });
      await welcome.close();

      const setup = await open('options.html');
      await stageOutboxScene(setup, sandbox);
      // A post about a page the reader will have open beside the panel.
      const discussed = `${sandbox.baseUrl}/about/budget-2027`;
      await new SandboxClient(sandbox.baseUrl).control('POST', '/posts', {
        posts: [{ body: `The council's budget page, worth a read: ${discussed}?utm_source=newsletter` }],
      });

      const panel = await open('sidepanel.html');
      await panel.setViewportSize({ width: 360, height: 760 });
      await expect(
        panel
          .getByRole('feed', { name: say('panelTimelineHeading') })
          .getByRole('article')
          .first(),
      ).toBeVisible();
      await expect(panel.locator('.pause-banner')).toBeVisible();
      expect(await problems(panel, locale)).toEqual([]);
      // The panel's three tabs stay on one line at its usual width.
      const tabTops = await panel
        .getByRole('tab')
        .evaluateAll((tabs) => tabs.map((tab) => tab.getBoundingClientRect().top));
      expect(new Set(tabTops).size, 'the tabs wrap onto a second line').toBe(1);
      await shoot(panel, `sidepanel-${locale}`);

      await panel.setViewportSize({ width: 360, height: 1150 });
      await panel.getByRole('tab', { name: say('panelTabOutbox') }).click();
      const outbox = panel.getByRole('region', { name: say('outboxTitle'), exact: true });
      await expect(outbox.getByText(say('outboxStateUncertain'), { exact: true })).toBeVisible();
      expect(await problems(panel, locale)).toEqual([]);
      await shoot(panel, `sidepanel-outbox-${locale}`);

      // "This page", with the discussed page in the tab beside the panel.
      const beside = await context.newPage();
      await beside.goto(discussed);
      await beside.bringToFront();
      await panel.setViewportSize({ width: 360, height: 760 });
      await panel.getByRole('tab', { name: say('panelTabThisPage') }).click();
      const view = panel.locator('#panel-page');
      await expect(view.getByRole('article')).toHaveCount(1);
      await expect(view.getByRole('button', { name: say('thisPageReadFurther') })).toBeVisible();
      expect(await problems(panel, locale)).toEqual([]);
      await shoot(panel, `sidepanel-this-page-${locale}`);
      await beside.close();

      const popup = await open('popup.html');
      // The popup is as wide as its page says (22rem): the browser sizes it to that.
      await popup.setViewportSize({ width: 330, height: 200 });
      await expect(popup.getByText(say('popupSignedInAs').replace('$V1$', ''), { exact: false })).toBeVisible();
      await popup.getByRole('textbox', { name: say('popupQuickPost') }).fill('Turnout at the Riverside hearing.');
      expect(await problems(popup, locale)).toEqual([]);
      await shoot(popup, `popup-${locale}`, { fullPage: true });

      const options = await open('options.html');
      await options.setViewportSize({ width: 760, height: 900 });
      await expect(options.getByRole('heading', { name: new RegExp(`^${say('accountsTitle')}`) })).toBeVisible();
      const shortcut = options.getByRole('region', { name: say('optionsShortcutTitle'), exact: true });
      await expect(shortcut.locator('kbd')).toHaveText('Alt+Shift+D');
      expect(await problems(options, locale)).toEqual([]);
      await shoot(options, `options-${locale}`, { fullPage: true });

      // The inline bars on the platform's site, one with its reply composer open.
      await waitForRegistration(context, ['http://127.0.0.1/*']);
      const site = await context.newPage();
      await site.setViewportSize({ width: 900, height: 520 });
      const cdp = await domSession(site);
      await site.goto(`${sandbox.baseUrl}/`);
      const bars = await waitFor(async () => {
        const found = await findBars(cdp);
        return found.length > 1 ? found : undefined;
      }, 'the inline bars');
      const labels = bars[1]?.buttons.map((button) => button.label) ?? [];
      expect(labels).toContain(say('barReply'));
      expect(labels.every((label) => label !== '')).toBe(true);
      const reply = bars[1]?.buttons.find((button) => button.label === say('barReply'));
      if (reply === undefined) throw new Error('No reply button');
      await realClick(site, cdp, reply.nodeId);
      const composer = await focusedComposer(site);
      expect(await problems(composer, locale)).toEqual([]);
      await site.mouse.move(0, 0);
      await site.screenshot({ path: `${DIR}/inline-bar-${locale}.png` });
    } finally {
      await context?.close();
      removeProfile(userDataDir);
      await sandbox.close();
    }
  });
}
