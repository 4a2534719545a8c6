import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { findHandoff } from '@/lib/links/handoff';
import { scriptLifetime } from '@/lib/links/lifetime';
import { Bars } from './bars';
import { useBarWords } from './say';

/**
 * The inline bars, `link-bar.js`: injected by the background into a frame where the link script
 * found a post link (never registered on its own), it takes the finds from the link script's
 * handoff. An unlisted script, like the link script, without WXT's content-script wrapper
 * (docs/performance.md).
 */
export default defineUnlistedScript(() => {
  const handoff = findHandoff();
  if (handoff === undefined || handoff.signal.aborted) return;
  // Stop with whichever stops first: a newer copy of this script in the frame, or the link script.
  const signal = AbortSignal.any([scriptLifetime('link-bar'), handoff.signal]);
  useBarWords(handoff.config.barWords);
  const bars = new Bars(handoff, signal);
  handoff.listen((found) => bars.apply(found));
});
