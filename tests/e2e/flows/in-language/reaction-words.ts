import type { Page } from 'puppeteer-core';
import { waitForBars } from '../../driver/bars';
import { decorateSandboxSite } from '../../driver/link-scripts';
import { wordsOf } from '../../driver/locales';
import { seedPosts } from '../../driver/side-panel';
import { expect, test } from '../../driver/test';
import { fieldValue, textOf, until } from '../../driver/ui';

/** Waits until the element `selector` finds says exactly `text` (trimmed). */
export function waitForExactText(page: Page, selector: string, text: string): Promise<true> {
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

/** The default reaction's words in one language (the browser started in it). */
export function defaultReactionTests(lang: 'de' | 'fr'): void {
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
}
