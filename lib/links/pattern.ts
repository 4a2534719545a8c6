/**
 * Permalink patterns: `https://debate.example/p/{id}` names the pages that are one post each.
 *
 * Grammar: an absolute http(s) URL without credentials whose path holds `{id}` exactly once, as a
 * whole path segment. Query and fragment are not part of a pattern (links match whatever query or
 * fragment they carry). A trailing slash is optional on both sides.
 */

/** A parsed pattern, ready for matching. */
export interface PermalinkPattern {
  /** The pattern as the user wrote it. */
  source: string;
  /** `http:` or `https:`. */
  protocol: string;
  /** Host as the URL parser serializes it: lowercase, punycode, with the port unless it is the default. */
  host: string;
  /** Host without the port. */
  hostname: string;
  /** Path segments before the id segment. */
  before: string[];
  /** Path segments after the id segment. */
  after: string[];
}

/** Why a pattern was refused (the options page words each one). */
export type PatternError =
  | 'invalid'
  | 'not_http'
  | 'credentials'
  | 'no_id'
  | 'several_ids'
  | 'id_outside_path'
  | 'id_not_segment';

export type PatternResult = { ok: true; pattern: PermalinkPattern } | { ok: false; error: PatternError };

const ID = '{id}';
// Letters only, so the URL parser keeps it as is in a host, a path, a query or a fragment.
const SENTINEL = 'dcpostidsentinel';

/** Splits a URL path into segments, dropping the leading slash and one trailing slash. */
export function pathSegments(pathname: string): string[] {
  const segments = pathname.split('/').slice(1);
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  return segments;
}

/** Parses one permalink pattern. Never throws. */
export function parsePermalinkPattern(source: string): PatternResult {
  const trimmed = source.trim();
  const count = trimmed.split(ID).length - 1;
  if (count === 0) return { ok: false, error: 'no_id' };
  if (count > 1) return { ok: false, error: 'several_ids' };
  if (trimmed.toLowerCase().includes(SENTINEL)) return { ok: false, error: 'invalid' };
  let url: URL;
  try {
    url = new URL(trimmed.replace(ID, SENTINEL));
  } catch {
    return { ok: false, error: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: 'not_http' };
  if (url.username !== '' || url.password !== '') return { ok: false, error: 'credentials' };
  if (url.host.includes(SENTINEL) || url.search.includes(SENTINEL) || url.hash.includes(SENTINEL)) {
    return { ok: false, error: 'id_outside_path' };
  }
  const segments = pathSegments(url.pathname);
  const at = segments.indexOf(SENTINEL);
  if (at === -1) return { ok: false, error: 'id_not_segment' };
  return {
    ok: true,
    pattern: {
      source: trimmed,
      protocol: url.protocol,
      host: url.host,
      hostname: url.hostname,
      before: segments.slice(0, at),
      after: segments.slice(at + 1),
    },
  };
}

/** The pattern every configured site has: `{origin}/posts/{id}`. */
export function sitePattern(siteOrigin: string): string {
  return `${siteOrigin.replace(/\/+$/, '')}/posts/${ID}`;
}

/**
 * The patterns in force: the site's own `/posts/{id}` (when a site is configured) and every valid
 * extra pattern. Invalid extra patterns are skipped (the options page refuses them when saved).
 */
export function patternsFor(config: {
  siteOrigin: string | null;
  linkPatterns: readonly string[];
}): PermalinkPattern[] {
  const sources =
    config.siteOrigin === null ? [...config.linkPatterns] : [sitePattern(config.siteOrigin), ...config.linkPatterns];
  const patterns: PermalinkPattern[] = [];
  for (const source of sources) {
    const parsed = parsePermalinkPattern(source);
    if (parsed.ok) patterns.push(parsed.pattern);
  }
  return patterns;
}
