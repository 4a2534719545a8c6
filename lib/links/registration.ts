import { isIpLiteral, normalizeHostEntry } from './hosts';
import type { PermalinkPattern } from './pattern';

/**
 * Where the always-on link script is registered, and the context menus' link filters: match
 * patterns built from the settings. Match patterns carry no port (Firefox refuses ports), so they
 * are wider than the settings; the content script and the menu handler check the exact origin.
 */

/** What decides where the link script runs. */
export interface LinkScriptInputs {
  /** The platform site's origin (from the API base URL), or null when none is configured. */
  siteOrigin: string | null;
  /** The extension holds host access to the site's origin. */
  siteGranted: boolean;
  /** The user turned on "Decorate post links on all sites" and granted all-sites access. */
  allSites: boolean;
  /** The sites the user chose one by one whose host access is granted (hostnames). */
  chosenSites?: readonly string[];
  excludedHosts: readonly string[];
  /**
   * Every permalink pattern in force starts with `posts/` (`gateable` in gate.ts): the gate is
   * registered, which asks nothing of a page that cannot hold a post link and has `links.js` loaded
   * where one may be.
   */
  gated?: boolean;
}

/** A content-script registration: which script, where it runs and where it never does. */
export interface LinkScriptPlan {
  /** `/links-gated.js` where the gate holds for every pattern, else `/links.js`. */
  file: LinkScriptFile;
  matches: string[];
  excludeMatches: string[];
}

/** The link script's two builds (entrypoints/links, entrypoints/links-gated.ts). */
export type LinkScriptFile = '/links.js' | '/links-gated.js';

/** Every http(s) page. */
export const ALL_SITES_MATCHES = ['http://*/*', 'https://*/*'];

/** `http://127.0.0.1/*` for `http://127.0.0.1:8787`; undefined for anything but http(s). */
export function originMatchPattern(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return `${url.protocol}//${url.hostname}/*`;
  } catch {
    return undefined;
  }
}

/** The match pattern, and the host access, of a site chosen one by one: its hostname, http and https. */
export function chosenSitePattern(hostname: string): string {
  return `*://${hostname}/*`;
}

/** Match patterns that exclude an entry of the excluded-hosts list (host and subdomains; an IP exactly). */
export function excludeMatchPatterns(excludedHosts: readonly string[]): string[] {
  const patterns = new Set<string>();
  for (const entry of excludedHosts) {
    const host = normalizeHostEntry(entry);
    if (host === undefined) continue;
    // `*.example.com` matches example.com itself too, in Chrome and Firefox alike.
    patterns.add(isIpLiteral(host) ? `*://${host}/*` : `*://*.${host}/*`);
  }
  return [...patterns];
}

/** The registration the settings and permissions call for, or null for none at all. */
export function planLinkScript(inputs: LinkScriptInputs): LinkScriptPlan | null {
  const matches = new Set<string>();
  if (inputs.allSites) for (const pattern of ALL_SITES_MATCHES) matches.add(pattern);
  else {
    if (inputs.siteOrigin !== null && inputs.siteGranted) {
      const pattern = originMatchPattern(inputs.siteOrigin);
      if (pattern !== undefined) matches.add(pattern);
    }
    for (const host of inputs.chosenSites ?? []) matches.add(chosenSitePattern(host));
  }
  if (matches.size === 0) return null;
  return {
    file: inputs.gated === true ? '/links-gated.js' : '/links.js',
    matches: [...matches],
    excludeMatches: excludeMatchPatterns(inputs.excludedHosts),
  };
}

/**
 * `targetUrlPatterns` for the post-link context menu entries: `https://debate.example/p/*` for
 * `https://debate.example/p/{id}`. The menu handler matches the clicked link exactly afterwards.
 */
export function menuTargetPatterns(patterns: readonly PermalinkPattern[]): string[] {
  const targets = new Set<string>();
  for (const pattern of patterns) {
    // `*` spans anything, query included; after fixed segments it also allows a trailing slash.
    const path = [...pattern.before, '*', ...pattern.after].join('/');
    targets.add(`${pattern.protocol}//${pattern.hostname}/${path}${pattern.after.length > 0 ? '*' : ''}`);
  }
  return [...targets];
}
