import { mkdirSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { useScheme } from './axe';
import type { ExtensionBrowser } from './types';

/** Where the pictures go (the README's copies are in docs/screenshots). */
export const SCREENSHOTS = 'test-results/screenshots';

/**
 * One picture of `page` as it is now, with no hover or caret (unless `keepFocus`: an open inline
 * composer is the picture): `${SCREENSHOTS}/${name}-${engine}.png` (each browser's own, side by side).
 */
export async function screenshot(
  ext: ExtensionBrowser,
  page: Page,
  name: string,
  options: { fullPage?: boolean; keepFocus?: boolean } = {},
): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.mouse.move(0, 0);
  if (options.keepFocus !== true) await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({
    path: `${SCREENSHOTS}/${name}-${ext.engine}.png`,
    ...(options.fullPage === undefined ? {} : { fullPage: options.fullPage }),
  });
}

/** A picture in light and one in dark: `${name}-light-${engine}.png`, `${name}-dark-${engine}.png`. */
export async function screenshotSchemes(
  ext: ExtensionBrowser,
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(ext, page, scheme);
    await screenshot(ext, page, `${name}-${scheme}`, options);
  }
  await useScheme(ext, page, null);
}
