import { render } from 'preact';
import { browser } from 'wxt/browser';
import { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import { type FetchPage, FIRST_PAGE, TimelineStore } from '@/entrypoints/sidepanel/state/timeline-store';
import { markDocumentLanguage, t } from '@/lib/i18n';
import { checkReply, loadReplyChecks, sendMessage } from '@/lib/messages/send';
import { effectsAfterFrameTasks } from '@/lib/ui/effects-after-frame';
import { pageStore } from '@/lib/ui/page-store';
import { App } from './App';
import { takeEarlyRequests } from './fast-open/early-requests';
import { firstAnswers } from './fast-open/first-answers';
import { expectFirstItems, whenFirstItemsPainted } from './fast-open/first-paint';
import { panelCache } from './fast-open/panel-cache';
import { takePicture } from './fast-open/picture';
import { finishHandover, handedReplies } from './fast-open/picture-handover';
import { keepPictures, settled } from './fast-open/picture-live';
import { builtWithout } from './fast-open/tricks';
import { readerField } from './state/speaker';

/** How long the reply schemas wait for the first posts to be painted before they load anyway (ms). */
const FIRST_PAINT_LIMIT = 500;
/** A bench build without the trick checks the first page by its schema, loaded at once (as before it). */
const schemasFirst = builtWithout('checks-after-paint');

markDocumentLanguage();
effectsAfterFrameTasks();

function noop(): void {}

// The early script (fast-open/early.ts) asked for the first page and the settings while this
// bundle loaded: use its answers, checked like any reply; ask again only where it did not run.
const early = takeEarlyRequests();
let earlyPage = early?.firstPage;
// The first page and the reaction kinds of the last opening paint at once; fresh ones replace them.
const kept = panelCache();
const { mutes, kinds, filled, checkedFirstPage } = firstAnswers(
  early,
  kept,
  schemasFirst ? () => checksMayRun : undefined,
);

// A page asked for here (no early answer, or a later page) is checked by the schemas, loaded then if
// they are not yet: never waiting for the first paint, which may be waiting for this very page.
const fetchPage: FetchPage = async (request) => {
  const answer = earlyPage;
  earlyPage = undefined;
  if (answer !== undefined && request.cursor === undefined && request.limit === FIRST_PAGE && !readerField().account) {
    return answer.then(checkedFirstPage, () => sendMessage('getTimelinePage', request));
  }
  return sendMessage('getTimelinePage', { ...request, ...readerField() });
};

const store = new TimelineStore(fetchPage, kept.firstPage);
// The reply schemas (zod, the `checks` chunk) load after the first posts are painted (at most
// FIRST_PAINT_LIMIT): the first page does not need them (above), and loading them before would
// delay it. Then the settings and every later reply are checked by them.
const checksMayRun = schemasFirst
  ? loadReplyChecks().then(
      () => undefined,
      () => undefined,
    )
  : whenFirstItemsPainted(FIRST_PAINT_LIMIT);
// The pushes are checked by zod too: the first ones (status, settings, the Saved list) wait likewise.
pageStore().holdPushesUntil(checksMayRun);
// The settings asked for before this code loaded seed the page's store; its pushes keep them current.
const seeded = early?.settings.then(async (raw) => {
  await filled;
  // Without kinds to draw the first posts with, the first paint waits for these settings.
  if (kinds.cached !== undefined) await checksMayRun;
  const reply = await checkReply('getSettings', raw);
  if (reply.ok) pageStore().seedSettings(reply.data);
}, noop);
const firstLoad = store.loadFirst();

const drafts = new DraftStore();
// Typing is saved shortly after each keystroke; when the panel hides or closes, at once.
const flush = () => void drafts.flush();
window.addEventListener('pagehide', flush);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') flush();
});

// The first render does not wait for the drafts: the composers and reply boxes show them once read.
void drafts.load(early?.drafts);
const root = document.getElementById('app');
if (root !== null) {
  // The picture of the last opening (fast-open/picture.ts), if the early script drew one, goes in the
  // task the live panel comes in; what the user did on it is taken over.
  const handover = takePicture()?.handOver();
  const openReplies = handover === undefined ? undefined : handedReplies(handover, drafts);
  expectFirstItems();
  root.replaceChildren();
  const speaker = { cached: kept.speaker(), remember: kept.rememberSpeaker };
  render(
    <App store={store} drafts={drafts} kinds={kinds} mutes={mutes} speaker={speaker} openReplies={openReplies} />,
    root,
  );
  const panel = { store, drafts, kept, firstLoad, seeded, painted: whenFirstItemsPainted(FIRST_PAINT_LIMIT) };
  if (handover !== undefined) finishHandover(handover, root, settled(panel));
  keepPictures(root, panel, () => t('panelReplyLabel'));
}

// Shown as the browser's side panel (not in a tab), it says which window shows it: the keyboard
// command then closes it there. After the first posts: the first call into `tabs` and `windows`
// sets up their bindings, a few milliseconds the first screen does not need.
void checksMayRun
  .then(() => Promise.all([browser.tabs.getCurrent(), browser.windows.getCurrent()]))
  .then(([tab, shownIn]) => {
    if (tab === undefined && shownIn.id !== undefined) pageStore().announcePanel(shownIn.id);
  }, noop);
