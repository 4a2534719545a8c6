/** Types of find-browser.mjs (a plain script, so `npm start` runs without a build step). */
export type BrowserKind = 'chromium' | 'firefox';
export const BROWSER_ENV: Record<BrowserKind, string>;
export const INSTALL_HINT: Record<BrowserKind, string>;
export function candidates(kind: BrowserKind, platform?: string, env?: Record<string, string | undefined>): string[];
export function findBrowser(
  kind: BrowserKind,
  options?: { platform?: string; env?: Record<string, string | undefined>; exists?: (path: string) => boolean },
): { path: string; from: 'env' | 'found' } | undefined;
