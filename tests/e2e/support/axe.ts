import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

/** axe-core over `include` (or the page); the failure lists each rule with the elements that break it. */
export async function axeViolations(page: Page, include?: readonly string[], rules?: string[]): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of include ?? []) builder = builder.include(selector);
  if (rules) builder = builder.withRules(rules);
  const result = await builder.analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary}`).join(' | ')}`,
  );
}

/**
 * Audits what changed: every rule in the light scheme, the colour rules in the dark one. Each scan
 * covers only `scope.include`, so a test that audits a page, then a panel that opened, then a focused
 * button, scans each once instead of the whole page three times over.
 */
export async function expectAccessible(page: Page, what: string, scope: AuditScope = {}): Promise<void> {
  const schemes = scope.schemes ?? ['light', 'dark'];
  for (const [index, colorScheme] of schemes.entries()) {
    await page.emulateMedia({ colorScheme });
    const rules = index === 0 ? undefined : COLOUR_RULES;
    expect(await axeViolations(page, scope.include, rules), `${what}, ${colorScheme} mode`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}
