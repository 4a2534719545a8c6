import { sendLite } from '@/lib/messages/send-lite';
import { shouldDecorate } from './eligibility';
import { type LinkHandoff, publishHandoff } from './handoff';
import { createLinkMatcher, type LinkMatcher } from './match';
import { startLinkScanner } from './scanner';

/**
 * The link script's work in a page (`links.js`: registered, or loaded by `links-gated.js` once its
 * gate opened): one message and one native selector test. The background hands the patterns parsed and the candidate
 * selector built, and the matcher and the handoff are set up when the first candidate link shows
 * (docs/performance.md, "The always-on script on every page"). The bars' code is loaded into this
 * frame when the first post link is found (`loadInlineBar`), so pages without post links pay for
 * this file alone.
 */
export async function runLinkScript(signal: AbortSignal): Promise<void> {
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
}
