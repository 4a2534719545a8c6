import { render } from 'preact';
import { parseReply } from '@/lib/messages/reply';
import { sendMessage } from '@/lib/messages/send';
import { DraftStore } from '@/lib/ui/drafts';
import { takeEarlyRequests } from '@/lib/ui/early-requests';
import { cachedReactionKinds, cacheReactionKinds, firstPageCache } from '@/lib/ui/panel-cache';
import { type FetchPage, FIRST_PAGE, TimelineStore } from '@/lib/ui/timeline-store';
import type { KindsSource } from '@/lib/ui/use-reaction-kinds';
import { App } from './App';
import { whenFirstItemsPainted } from './first-paint';

/** How long the fresh first page may wait for the cached one to be drawn (ms). */
const CACHED_PAINT_LIMIT = 500;

// The early script (sidepanel-early.ts) asked for the first page and the settings while this
// bundle loaded: use its answers, checked like any reply; ask again only where it did not run.
const early = takeEarlyRequests();
let earlyPage = early?.firstPage;
// With the last opening's first page in the cache, that page is drawn first and the fresh one
// (often arriving just before that frame) is checked and drawn right after it: doing both in
// the same frame would only delay the cached posts, and the fresh ones by no more than a frame.
let waitForCachedPaint = true;
const fetchPage: FetchPage = async (request) => {
  const answer = earlyPage;
  earlyPage = undefined;
  const wait = waitForCachedPaint && store.getState().stale;
  waitForCachedPaint = false;
  if (wait) await whenFirstItemsPainted(CACHED_PAINT_LIMIT);
  if (answer !== undefined && request.cursor === undefined && request.limit === FIRST_PAGE) {
    return answer.then(
      (raw) => parseReply('getTimelinePage', raw),
      () => sendMessage('getTimelinePage', request),
    );
  }
  return sendMessage('getTimelinePage', request);
};
const settings = early?.settings.then(
  (raw) => parseReply('getSettings', raw),
  () => sendMessage('getSettings'),
);

// The first page and the reaction kinds of the last opening paint at once; fresh ones replace them.
const store = new TimelineStore(fetchPage, firstPageCache());
const kinds: KindsSource = { initial: settings, cached: cachedReactionKinds(), remember: cacheReactionKinds };
void store.loadFirst();

const drafts = new DraftStore();
// Typing is saved shortly after each keystroke; when the panel hides or closes, at once.
const flush = () => void drafts.flush();
window.addEventListener('pagehide', flush);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') flush();
});

const root = document.getElementById('app');
void drafts
  .load(early?.drafts)
  .catch(() => undefined)
  .then(() => {
    if (root) render(<App store={store} drafts={drafts} kinds={kinds} />, root);
  });
