import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { whenGateOpens } from '@/lib/links/gate';
import { scriptLifetime } from '@/lib/links/lifetime';
import { runLinkScript } from '@/lib/links/link-script';

/**
 * `links.js` behind its gate (`lib/links/gate.ts`): registered instead of it where every permalink
 * pattern starts with `posts/`. A page without a link that says `posts/` (nor a `/posts/` path, nor a
 * `<base>`) costs one selector test and an observer: no message, no `chrome` API. The same copy
 * (`scriptLifetime('links')`) as `links.js`, so either stops the other.
 */
export default defineUnlistedScript(() => {
  const signal = scriptLifetime('links');
  whenGateOpens(document, location, signal, () => void runLinkScript(signal));
});
