import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { scriptLifetime } from '@/lib/links/lifetime';
import { runLinkScript } from '@/lib/links/link-script';

/**
 * The always-on part, `links.js`, registered at run time by the background (link-scripts.ts) on the platform's
 * site, and on every site once the user allowed it. It only finds post links, locally: no page URL
 * or link leaves the browser. Where every permalink pattern starts with `posts/` (the site's own, and
 * most configurations) the background registers `links-gated.js` instead, which asks nothing until a
 * page may hold a post link, then has this script loaded into the frame. An unlisted script registered as a content script: WXT's content-script
 * wrapper cost about 3 ms on every page, and `scriptLifetime` is the part of it this script needs.
 */
export default defineUnlistedScript(() => runLinkScript(scriptLifetime('links')));
