import { type PermalinkPattern, pathSegments } from './pattern';
import { isPostId } from './post-id';

/** Finds the post a link points to, locally: nothing is sent anywhere to decide. */
export interface LinkMatcher {
  /**
   * The post id `href` (resolved against `base` when relative) links to, or null. Query strings and
   * fragments are ignored; scheme, host and port must equal the pattern's (default ports count as
   * absent); links with credentials (`https://site@evil.example/…`) never match.
   */
  match(href: string, base?: string): string | null;
}

/** Decodes an id segment; null when it is not valid percent-encoding. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function matchOne(pattern: PermalinkPattern, url: URL): string | null {
  if (url.protocol !== pattern.protocol || url.host !== pattern.host) return null;
  const segments = pathSegments(url.pathname);
  const { before, after } = pattern;
  if (segments.length !== before.length + 1 + after.length) return null;
  for (let i = 0; i < before.length; i += 1) if (segments[i] !== before[i]) return null;
  for (let i = 0; i < after.length; i += 1) if (segments[before.length + 1 + i] !== after[i]) return null;
  const raw = segments[before.length];
  const id = raw === undefined ? null : decodeSegment(raw);
  return id !== null && isPostId(id) ? id : null;
}

/**
 * A matcher over the given patterns. A cheap substring test rejects most links before any URL is
 * parsed: every match of a pattern contains its first fixed path segment (or its host).
 */
export function createLinkMatcher(patterns: readonly PermalinkPattern[]): LinkMatcher {
  // Paths are case-sensitive; hosts are not (a raw href may spell one in capitals).
  const pathNeedles = patterns.filter((p) => p.before.length > 0).map((p) => `/${p.before[0]}/`);
  const hostNeedles = patterns.filter((p) => p.before.length === 0).map((p) => p.hostname);
  const absolute = /^[a-z][a-z0-9+.-]*:/i;
  const mayMatch = (href: string): boolean =>
    pathNeedles.some((needle) => href.includes(needle)) ||
    (hostNeedles.length > 0 && hostNeedles.some((needle) => href.toLowerCase().includes(needle)));
  return {
    match(href, base) {
      if (patterns.length === 0) return null;
      // Relative links may spell their path differently (`../posts/1`): only absolute ones are pre-filtered.
      if (absolute.test(href) && !mayMatch(href)) return null;
      let url: URL;
      try {
        url = new URL(href, base);
      } catch {
        return null;
      }
      if (url.username !== '' || url.password !== '') return null;
      for (const pattern of patterns) {
        const id = matchOne(pattern, url);
        if (id !== null) return id;
      }
      return null;
    },
  };
}

/** Quotes a needle for a CSS attribute selector. */
const cssString = (text: string) => `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/**
 * A CSS selector for the links worth a look: the browser tests it on the raw `href` attribute, so
 * no other link is touched from script at all (on a page with thousands of links that is most of
 * the cost). A link can only match from another site when it is absolute (or protocol-relative),
 * and then it holds its pattern's first path segment between slashes, or its host. On a page of a
 * pattern's own host (or one with a `<base>`), relative links may match in any spelling: `scanAll`.
 */
export function candidateSelector(patterns: readonly PermalinkPattern[], scanAll: boolean): string {
  if (scanAll || patterns.length === 0) return 'a[href]';
  const parts = new Set<string>();
  for (const pattern of patterns) {
    parts.add(
      pattern.before.length > 0
        ? `a[href*=${cssString(`/${pattern.before[0]}/`)}]`
        : `a[href*=${cssString(pattern.hostname)} i]`,
    );
  }
  return [...parts].join(',');
}
