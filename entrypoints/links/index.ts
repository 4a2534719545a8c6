import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { shouldDecorate } from '@/lib/links/eligibility';
import { publishHandoff } from '@/lib/links/handoff';
import { scriptLifetime } from '@/lib/links/lifetime';
import { candidateSelector, createLinkMatcher } from '@/lib/links/match';
import { patternsFor } from '@/lib/links/pattern';
import { startLinkScanner } from '@/lib/links/scanner';
import { sendLite } from '@/lib/messages/send-lite';

/**
 * The always-on part, `links.js`, registered at run time by the background (link-scripts.ts) on the platform's
 * site, and on every site once the user allowed it. It only finds post links, locally: no page URL
 * or link leaves the browser. The bars' code is loaded into this frame when the first post link is
 * found (`loadInlineBar`), so pages without post links pay for this file alone. An unlisted script
 * registered as a content script: WXT's content-script wrapper cost about 3 ms on every page
 * (docs/performance.md), and `scriptLifetime` is the part of it this script needs.
 */
export default defineUnlistedScript(async () => {
  const signal = scriptLifetime('links');
  const reply = await sendLite('getLinkConfig');
  if (!reply.ok || signal.aborted) return;
  const config = reply.data;
  if (!shouldDecorate(location, config) || document.designMode === 'on') return;
  const patterns = patternsFor(config);
  const matcher = createLinkMatcher(patterns);
  const match = (href: string) => matcher.match(href);
  // Relative links can be post links only on a pattern's own host, or under a <base> pointing anywhere.
  const scanAll = patterns.some((p) => p.host === location.host) || document.querySelector('base[href]') !== null;
  const handoff = publishHandoff(config, signal, match);
  let barRequested = false;
  startLinkScanner({
    root: document,
    match,
    selector: candidateSelector(patterns, scanAll),
    signal,
    onFound: (found) => {
      handoff.deliver(found);
      if (!barRequested && found.some((f) => f.postId !== null)) {
        barRequested = true;
        void sendLite('loadInlineBar');
      }
    },
  });
});
