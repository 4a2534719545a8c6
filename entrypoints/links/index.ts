import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { shouldDecorate } from '@/lib/links/eligibility';
import { type LinkHandoff, publishHandoff } from '@/lib/links/handoff';
import { scriptLifetime } from '@/lib/links/lifetime';
import { createLinkMatcher, type LinkMatcher } from '@/lib/links/match';
import { startLinkScanner } from '@/lib/links/scanner';
import { sendLite } from '@/lib/messages/send-lite';

/**
 * The always-on part, `links.js`, registered at run time by the background (link-scripts.ts) on the platform's
 * site, and on every site once the user allowed it. It only finds post links, locally: no page URL
 * or link leaves the browser. The bars' code is loaded into this frame when the first post link is
 * found (`loadInlineBar`), so pages without post links pay for this file alone, and in it for one
 * message and one native selector test: the background hands the patterns parsed and the candidate
 * selector built, and the matcher and the handoff are set up when the first candidate link shows
 * (docs/performance.md, "The always-on script on every page"). An unlisted script registered as a
 * content script: WXT's content-script wrapper cost about 3 ms on every page, and `scriptLifetime`
 * is the part of it this script needs.
 */
export default defineUnlistedScript(async () => {
  const signal = scriptLifetime('links');
  const reply = await sendLite('getLinkConfig');
  if (!reply.ok || signal.aborted) return;
  const config = reply.data;
  const { patterns } = config;
  if (patterns.length === 0 || !shouldDecorate(location, config) || document.designMode === 'on') return;
  // Relative links can be post links only on a pattern's own host, or under a <base> pointing anywhere.
  const scanAll = patterns.some((p) => p.host === location.host) || document.querySelector('base[href]') !== null;
  const selector = scanAll ? 'a[href]' : config.candidates;
  let matcher: LinkMatcher | undefined;
  const match = (href: string) => {
    matcher ??= createLinkMatcher(patterns);
    return matcher.match(href);
  };
  let handoff: LinkHandoff | undefined;
  let barRequested = false;
  startLinkScanner({
    root: document,
    match,
    selector,
    signal,
    // A page without a candidate link is not scanned now: the observer looks at what it adds.
    scanNow: document.querySelector(selector) !== null,
    onFound: (found) => {
      handoff ??= publishHandoff(config, signal, match);
      handoff.deliver(found);
      if (!barRequested && found.some((f) => f.postId !== null)) {
        barRequested = true;
        void sendLite('loadInlineBar');
      }
    },
  });
});
