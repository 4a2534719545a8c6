import { render } from 'preact';
import { browser } from 'wxt/browser';
import { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import { type FetchPage, FIRST_PAGE, TimelineStore } from '@/entrypoints/sidepanel/state/timeline-store';
import type { MutesSource } from '@/entrypoints/sidepanel/state/use-mutes';
import type { KindsSource } from '@/entrypoints/sidepanel/state/use-reaction-kinds';
import { markDocumentLanguage } from '@/lib/i18n';
import { checkReply, loadReplyChecks, sendMessage } from '@/lib/messages/send';
import { pageStore } from '@/lib/ui/page-store';
import { App } from './App';
import { takeEarlyRequests } from './fast-open/early-requests';
import { expectFirstItems, whenFirstItemsPainted } from './fast-open/first-paint';
import { panelCache } from './fast-open/panel-cache';
import { builtWithout } from './fast-open/tricks';
import { readerField } from './state/speaker';

/** How long the fresh first page may wait for the cached one to be drawn (ms). */
const CACHED_PAINT_LIMIT = 500;

markDocumentLanguage();

function noop(): void {}

// The early script (fast-open/early.ts) asked for the first page and the settings while this
// bundle loaded: use its answers, checked like any reply; ask again only where it did not run.
const early = takeEarlyRequests();
let earlyPage = early?.firstPage;
const fetchPage: FetchPage = async (request) => {
  const answer = earlyPage;
  earlyPage = undefined;
  await checksMayRun;
  if (answer !== undefined && request.cursor === undefined && request.limit === FIRST_PAGE && !readerField().account) {
    return answer.then(
      (raw) => checkReply('getTimelinePage', raw),
      () => sendMessage('getTimelinePage', request),
    );
  }
  return sendMessage('getTimelinePage', { ...request, ...readerField() });
};

// The first page and the reaction kinds of the last opening paint at once; fresh ones replace them.
const kept = panelCache();
const store = new TimelineStore(fetchPage, kept.firstPage);
const cachedKinds = kept.kinds();
// With the last opening's posts to show, they are drawn first, and the fresh answers (often here
// before that frame) are checked right after it: loading the reply schemas and checking in the
// same frame would only delay the cached posts, and the fresh ones by no more than a frame.
// With nothing to show, the schemas load at once, while the answers travel.
const checksMayRun =
  store.getState().stale && cachedKinds !== undefined && !builtWithout('checks-after-paint')
    ? whenFirstItemsPainted(CACHED_PAINT_LIMIT)
    : loadReplyChecks().then(
        () => undefined,
        () => undefined,
      );
// The settings asked for before this code loaded seed the page's store; its pushes keep them current.
void early?.settings.then(async (raw) => {
  await checksMayRun;
  const reply = await checkReply('getSettings', raw);
  if (reply.ok) pageStore().seedSettings(reply.data);
}, noop);
const kinds: KindsSource = { cached: cachedKinds, remember: kept.rememberKinds };
const mutes: MutesSource = { cached: kept.mutes(), remember: kept.rememberMutes };
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
    if (root === null) return;
    expectFirstItems();
    render(<App store={store} drafts={drafts} kinds={kinds} mutes={mutes} />, root);
  });

// Shown as the browser's side panel (not in a tab), it says which window shows it: the keyboard
// command then closes it there.
void Promise.all([browser.tabs.getCurrent(), browser.windows.getCurrent()]).then(([tab, shownIn]) => {
  if (tab === undefined && shownIn.id !== undefined) pageStore().announcePanel(shownIn.id);
}, noop);
