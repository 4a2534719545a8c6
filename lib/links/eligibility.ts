import type { PermalinkPattern } from './pattern';

/** What the content script learns from the background (`getLinkConfig`): settings only, nothing secret. */
export interface LinkConfigView {
  /** The background's verdict for this page (exclusions are applied there, never sent here). */
  decorate: boolean;
  /** The platform site's origin, from the API base URL; null when none is configured. */
  siteOrigin: string | null;
  /**
   * The permalink patterns in force (the site's own and the extra ones), parsed by the background:
   * the page parses no URL and builds no regular expression until it holds a candidate link.
   */
  patterns: PermalinkPattern[];
  /**
   * The CSS selector of the links worth a look on a page of another host (`candidateSelector`):
   * the one test a page without post links costs.
   */
  candidates: string;
  /** One button per kind on each bar. */
  reactionKinds: { value: string; label: string }[];
  /**
   * Bars beyond the platform's site on this page: "Decorate post links on all sites" is on with its
   * access granted, or the user chose this page's site (and granted it).
   */
  allSites: boolean;
  /** The bars' words in the browser's language, `$1`… where substitutions go (lib/links/bar-words.ts). */
  barWords: Record<string, string>;
  /** The name of the account the bars react as (the default account), shown on each bar. */
  speaker?: string | null;
}

/**
 * Whether a page gets bars: the platform's own site always (unless the user excluded its host),
 * any other http(s) page only with all-sites access turned on and its host not excluded. The
 * script is registered only where this can be true; this check is exact where match patterns are
 * not (ports, a registration that lags a settings change).
 */
export function shouldDecorate(
  page: { origin: string; hostname: string; protocol: string },
  config: LinkConfigView,
): boolean {
  if (page.protocol !== 'http:' && page.protocol !== 'https:') return false;
  if (!config.decorate) return false;
  if (config.siteOrigin !== null && page.origin === config.siteOrigin) return true;
  return config.allSites;
}
