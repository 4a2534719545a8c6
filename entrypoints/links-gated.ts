import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { whenGateOpens } from '@/lib/links/gate';
import { claimFrame } from '@/lib/links/lifetime';
import { sendLite } from '@/lib/messages/send-lite';

/**
 * The link script's gate (`lib/links/gate.ts`), registered instead of `links.js` where every
 * permalink pattern starts with `posts/`. A page without a link that says `posts/` (nor a `/posts/`
 * path, nor a `<base>`) costs this small file, one selector test and an observer: no message, no
 * `chrome` API. When the gate opens it asks the background to load `links.js` into this frame
 * (`loadLinkScript`), which claims the frame in its turn (`claimFrame('links')`: either copy stops
 * the other).
 */
export default defineUnlistedScript(() => {
  let stopped = false;
  let closeGate = () => {};
  claimFrame('links', () => {
    stopped = true;
    closeGate();
  });
  closeGate = whenGateOpens(document, location, () => {
    if (!stopped) void sendLite('loadLinkScript');
  });
});
