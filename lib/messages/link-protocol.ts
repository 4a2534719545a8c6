import { z } from '@/lib/zod';
import { none } from './fields';

/**
 * The link script's and the bar script's own messages (protocol.ts spreads them in): what a page
 * needs to find post links and draw their bars, and the bars' code on demand.
 */
export const linkMessages = {
  /**
   * Content script: what it needs to find and decorate post links: the platform's site origin (from
   * the base URL), the permalink patterns, the reaction kinds and the bars' words. Settings only, no secrets;
   * the exclusions are applied here (a page on an excluded site gets `decorate: false` and nothing
   * else), never sent to a page.
   */
  getLinkConfig: {
    content: true,
    request: none,
    reply: z.object({
      /** Whether this page gets bars at all (its host is not excluded, the site or all sites allowed). */
      decorate: z.boolean(),
      siteOrigin: z.string().nullable(),
      /** The permalink patterns in force, parsed (the page parses none: lib/links/pattern.ts). */
      patterns: z.array(
        z.object({
          source: z.string(),
          protocol: z.string(),
          host: z.string(),
          hostname: z.string(),
          before: z.array(z.string()),
          after: z.array(z.string()),
        }),
      ),
      /** The selector of the links worth a look on a page of another host (lib/links/match.ts). */
      candidates: z.string(),
      /** Each kind with the words its button says (the user's label, else the product's, in the browser's language). */
      reactionKinds: z.array(z.object({ value: z.string(), label: z.string() })),
      /** "Decorate post links on all sites" is on and the all-sites permission is granted. */
      allSites: z.boolean(),
      /** The bars' words in the browser's language (the bar script looks nothing up: lib/links/bar-words.ts). */
      barWords: z.record(z.string(), z.string()),
      /** The name of the account the bars react as (the default account), for the bar to say so. */
      speaker: z.string().nullable(),
    }),
  },
  /**
   * Content script: a post link was found in this frame, so load the inline bars' code into it
   * (the always-on script stays small; the bar script is injected on demand into the sender's frame).
   */
  loadInlineBar: { content: true, request: none, reply: z.null() },
  /**
   * Content script: the gated link script (`links-gated.js`) saw a link that may be a post's in this
   * frame, so load the link script itself (`links.js`) into it: a page that never opens the gate
   * never parses or runs it.
   */
  loadLinkScript: { content: true, request: none, reply: z.null() },
};
