import { splitLinks } from '@/lib/ui/text-links';

/**
 * Query parameters that say where a click came from, never which page it is: removed before two
 * addresses are compared. `utm_*` (and `utm-*`) by prefix; the others by exact (lower-cased) name.
 */
const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  // Ad and click ids: Facebook, Google (search, display, iOS), Microsoft, Yandex, Instagram, TikTok, X.
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'igshid',
  'ttclid',
  'twclid',
  // Mailchimp, HubSpot, Marketo, Vero, Olytics.
  'mc_cid',
  'mc_eid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'vero_id',
  'oly_anon_id',
  'oly_enc_id',
  // Referrer tags sites add to shared links.
  'ref',
  'ref_src',
  'ref_url',
]);

/** Prefixes of tracking parameters (`utm_source`, `utm_medium`, …). */
const TRACKING_PREFIXES = ['utm_', 'utm-'];

/** True for a query parameter that only tracks (see {@link TRACKING_PARAMS}). */
export function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.has(lower) || TRACKING_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/**
 * The form in which two addresses of one page compare equal, or `undefined` for anything but an
 * http(s) address. `http:` and `https:` are the same page; the host is lower-cased (the URL parser
 * does it) and loses leading `www.`s; the ports 80 and 443 are dropped (either is a default once
 * the scheme is ignored); user and password, the fragment, tracking parameters and a trailing
 * slash are dropped; the remaining query parameters are sorted (by name, then value). The result
 * is a key for comparing, spelled as an address (`https://example.com/a/b?x=1`): normalising it
 * again gives it back.
 */
export function normalizePageUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.hostname.replace(/^(www\.)+/, '');
  if (host === '') return undefined;
  const port = url.port === '' || url.port === '80' || url.port === '443' ? '' : `:${url.port}`;
  const path = url.pathname.replace(/\/+$/, '');
  const params = [...url.searchParams].filter(([name]) => !isTrackingParam(name));
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const query = params.length === 0 ? '' : `?${new URLSearchParams(params).toString()}`;
  return `https://${host}${port}${path}${query}`;
}

/** At most this many links of one post are indexed (a post listing hundreds is no better a match). */
export const MAX_LINKS_PER_POST = 50;

/**
 * The pages a post's text links to, normalised and without repeats, found as the panel finds the
 * links it draws (`splitLinks`): http(s) addresses in the text.
 */
export function pageLinksIn(text: string | undefined): string[] {
  // A quick no for most posts (no address at all); in any case, as `splitLinks` matches.
  if (text === undefined || !/https?:/i.test(text)) return [];
  const keys = new Set<string>();
  for (const part of splitLinks(text)) {
    if (!('href' in part)) continue;
    const key = normalizePageUrl(part.href);
    if (key !== undefined) keys.add(key);
    if (keys.size >= MAX_LINKS_PER_POST) break;
  }
  return [...keys];
}
