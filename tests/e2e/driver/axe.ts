import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { Page } from 'puppeteer-core';
import type { ExtensionBrowser } from './types';
import { until } from './ui';

/**
 * axe-core in both browsers. `@axe-core/playwright` needs Playwright's pages; the driver's are
 * puppeteer's, so axe's own build is put into the page (a driver's evaluate is not bound by the
 * extension page's script policy) and `axe.run` is called there.
 */
const AXE_SOURCE = readFileSync(
  path.join(path.dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'),
  'utf8',
);

/**
 * The axe rules whose verdict depends on colours. A switch between light and dark changes only
 * colours, so the second scheme is audited with these alone; the structure was audited in the first.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

export interface AuditScope {
  /** CSS selectors of what changed since the last audit; absent: the whole page. */
  readonly include?: readonly string[];
  /** Audit both colour schemes (default) or only the current one. */
  readonly schemes?: readonly ('light' | 'dark')[];
}

/** axe-core over `include` (or the page); one line per rule broken, with the elements that break it. */
export async function axeViolations(page: Page, include?: readonly string[], rules?: string[]): Promise<string[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async (include: string[] | null, rules: string[] | null) => {
      const axe = (window as unknown as { axe: AxeApi }).axe;
      const context = include === null ? document : { include: include.map((selector) => [selector]) };
      const result = await axe.run(context, rules === null ? {} : { runOnly: { type: 'rule', values: rules } });
      return result.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary}`).join(' | ')}`,
      );
    },
    include === undefined ? null : [...include],
    rules ?? null,
  );
}

/** Shows `page` in the light or dark scheme (or the system's) and waits until the page sees it. */
export async function useScheme(ext: ExtensionBrowser, page: Page, scheme: 'light' | 'dark' | null): Promise<void> {
  await ext.colourScheme(scheme, page);
  if (scheme === null) return;
  await until(
    () =>
      page
        .evaluate((query) => matchMedia(query).matches, `(prefers-color-scheme: ${scheme})`)
        .then((seen) => (seen ? true : undefined)),
    `the page in the ${scheme} scheme`,
  );
}

/**
 * Audits what changed: every rule in the light scheme, the colour rules in the dark one. Each scan
 * covers only `scope.include`, so a test that audits a page, then a panel that opened, then a focused
 * button, scans each once instead of the whole page three times over.
 */
export async function expectAccessible(
  ext: ExtensionBrowser,
  page: Page,
  what: string,
  scope: AuditScope = {},
): Promise<void> {
  const schemes = scope.schemes ?? ['light', 'dark'];
  for (const [index, scheme] of schemes.entries()) {
    await useScheme(ext, page, scheme);
    const rules = index === 0 ? undefined : COLOUR_RULES;
    expect(await axeViolations(page, scope.include, rules), `${what}, ${scheme} mode`).toEqual([]);
  }
  await useScheme(ext, page, null);
}

/** What of axe's API the audit uses. */
interface AxeApi {
  run(
    context: Document | { include: string[][] },
    options: object,
  ): Promise<{
    violations: { id: string; impact?: string; nodes: { target: string[]; failureSummary?: string }[] }[];
  }>;
}

/** The page's own colours in `scheme`: the root's background and the body's text. */
export async function schemeColours(
  ext: ExtensionBrowser,
  page: Page,
  scheme: 'light' | 'dark',
): Promise<{ background: string; text: string }> {
  await useScheme(ext, page, scheme);
  return page.evaluate(() => ({
    background: getComputedStyle(document.documentElement).backgroundColor,
    text: getComputedStyle(document.body).color,
  }));
}
