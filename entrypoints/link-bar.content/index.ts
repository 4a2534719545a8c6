import { defineContentScript } from 'wxt/utils/define-content-script';
import { findHandoff } from '@/lib/links/handoff';
import { Bars } from './bars';

/**
 * The inline bars: injected by the background into a frame where the link script found a post
 * link (never registered on its own), it takes the finds from the link script's handoff.
 */
export default defineContentScript({
  registration: 'runtime',
  noScriptStartedPostMessage: true,
  main(ctx) {
    const handoff = findHandoff();
    if (handoff === undefined || handoff.signal.aborted) return;
    // Stop with whichever stops first: this script (replaced, extension gone) or the link script.
    const signal = AbortSignal.any([ctx.signal, handoff.signal]);
    const bars = new Bars(handoff, signal);
    handoff.listen((found) => bars.apply(found));
  },
});
