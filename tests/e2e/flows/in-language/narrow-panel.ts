import type { Page } from 'puppeteer-core';
import { listOutbox, newNamedAccount } from '../../driver/extension';
import { wordsOf } from '../../driver/locales';
import { screenshot } from '../../driver/screenshots';
import { seedPosts } from '../../driver/side-panel';
import { expect, test } from '../../driver/test';
import { find, until } from '../../driver/ui';
import { scaled } from '../../support/time';

/**
 * The side panel at the widths a user meets: Firefox opens its sidebar at 252 px wide,
 * Chromium's side panel starts wider and both can be dragged to ~500 px. In English, German and
 * French, at every width: the three tabs (the Outbox's with its badge) share one row and none of
 * their words is cut, the search field's placeholder fits the field, and nothing runs past the
 * right edge; the Outbox view at 252 px too. Pictures: `test-results/screenshots/`
 * `narrow-panel-<lang>-<width>-<browser>.png` and `narrow-panel-outbox-<lang>-252-<browser>.png`.
 */

const WIDTHS = [252, 320, 400, 500];

/** What the panel shows at the width it has now, measured as the user's eye would see it. */
interface Layout {
  lang: string;
  width: number;
  tabs: { text: string; top: number; width: number; cut: boolean }[];
  /** The tab strip is wider than the panel (it would have to scroll to show a tab). */
  stripCut: boolean;
  /** The strip's room and what its tabs need, for the failure's words. */
  strip: { room: number; needs: number };
  placeholder: { text: string; needs: number; room: number };
}

/** What runs past the panel's right edge (and the page's own sideways scroll), one line each. */
function pastEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) {
      found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${width} px`);
    }
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || element.closest('.visually-hidden, [hidden]')) continue;
      if (box.right > width + 1) {
        found.push(`${element.localName}.${element.className} "${(element.innerText ?? '').slice(0, 40)}"`);
      }
    }
    return found;
  });
}

function layoutOf(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const tabs = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].map((tab) => ({
      text: tab.textContent?.trim() ?? '',
      top: tab.offsetTop,
      width: tab.offsetWidth,
      cut: tab.scrollWidth > tab.clientWidth,
    }));
    const strip = document.querySelector<HTMLElement>('[role="tablist"]');
    const input = document.querySelector<HTMLInputElement>('#timeline-search');
    if (strip === null || input === null) throw new Error('no tab strip or search field');
    // The placeholder's width in the field's own font, against the room inside its padding: measured
    // by a canvas and by the same words laid out beside the field (a canvas may pick another font for
    // `system-ui` than the page does), the wider of the two.
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d');
    if (context === null) throw new Error('no canvas');
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const probe = document.createElement('span');
    probe.textContent = input.placeholder;
    for (const name of ['fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'letterSpacing'] as const) {
      probe.style[name] = style[name];
    }
    Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', whiteSpace: 'pre', left: '0', top: '0' });
    input.after(probe);
    const laidOut = probe.getBoundingClientRect().width;
    probe.remove();
    const needs = Math.ceil(Math.max(context.measureText(input.placeholder).width, laidOut));
    const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return {
      lang: document.documentElement.lang,
      width,
      tabs,
      stripCut: strip.scrollWidth > strip.clientWidth + 1,
      strip: { room: strip.clientWidth, needs: strip.scrollWidth },
      placeholder: { text: input.placeholder, needs, room: Math.floor(room) },
    };
  });
}

/** The narrow-panel flow in one language (the browser started in it). */
export function narrowPanelTests(lang: 'en' | 'de' | 'fr'): void {
  const say = wordsOf(lang);

  test(`in ${lang}, the side panel fits 252 to 500 px: tabs on one row, nothing cut`, async ({ ext, control }) => {
    // A named account (its "as …" line), and an Outbox with writes waiting, so the Outbox tab has its badge.
    const { account } = await newNamedAccount(ext, control);
    await seedPosts(control, [
      'Riverton’s new bus lanes cut the Line 4 commute by six minutes, says the transport report.',
    ]);
    await control.setSilentBudget(account, 1, 600);
    for (const body of ['First of three posts.', 'Second of three posts.', 'Third of three posts.']) {
      await ext.call('enqueueWrite', { kind: 'post', body });
    }
    await until(
      async () => ((await listOutbox(ext)).some((item) => item.state.status === 'waiting') ? true : undefined),
      'a post waiting for the rate limit',
      scaled(20_000),
    );

    const page = await ext.open('sidepanel.html');
    await ext.setViewport(page, { width: 500, height: 700 });
    await find(page, '[role="feed"] article');
    await find(page, '[role="tab"] .tab-badge');

    for (const width of WIDTHS) {
      await ext.setViewport(page, { width, height: 700 });
      const layout = await until(async () => {
        const now = await layoutOf(page);
        return now.width === width ? now : undefined;
      }, `the panel at ${width} px`);
      await screenshot(ext, page, `narrow-panel-${lang}-${width}`);
      // Every width is measured and pictured; each problem is reported, the first does not hide the rest.
      const where = `${lang}, ${width} px`;
      expect.soft(layout.lang, where).toBe(lang);
      expect
        .soft(
          layout.tabs.map((tab) => tab.text.replace(/\d+$|!$/, '')),
          where,
        )
        .toEqual([say('panelTabTimeline'), say('panelTabOutbox'), say('panelTabThisPage')]);
      expect
        .soft(
          new Set(layout.tabs.map((tab) => tab.top)).size,
          `${where}: the tabs wrap onto a second row (${JSON.stringify(layout.tabs)})`,
        )
        .toBe(1);
      expect
        .soft(
          layout.tabs.filter((tab) => tab.cut).map((tab) => tab.text),
          `${where}: a tab's words are cut`,
        )
        .toEqual([]);
      expect
        .soft(layout.stripCut, `${where}: the tab strip needs ${layout.strip.needs} px of ${layout.strip.room}`)
        .toBe(false);
      expect.soft(layout.placeholder.text, where).toBe(say('panelSearchPlaceholder'));
      expect
        .soft(
          layout.placeholder.needs,
          `${where}: the placeholder "${layout.placeholder.text}" needs ${layout.placeholder.needs} px of ${layout.placeholder.room}`,
        )
        .toBeLessThanOrEqual(layout.placeholder.room);
      expect.soft(await pastEdge(page), `${where}: past the right edge`).toEqual([]);
    }

    // The Outbox at the sidebar's width: each write's lines ("Sent at … · id …", a countdown) wrap, none runs off.
    await ext.setViewport(page, { width: 252, height: 700 });
    await page.click('#tab-outbox');
    await find(page, '#panel-outbox .outbox-entry.state-waiting');
    await find(page, '#panel-outbox .outbox-entry.state-sent');
    expect(await pastEdge(page), `${lang}, the Outbox at 252 px: past the right edge`).toEqual([]);
    await screenshot(ext, page, `narrow-panel-outbox-${lang}-252`);
  });
}
