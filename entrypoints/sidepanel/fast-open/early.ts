import { rawNamespace, startEarlyRequests } from './early-requests';
import { FIRST_ITEMS_MARK, markOnce, PICTURE_MARK } from './first-paint';
import { addPageModules } from './page-modules';
import { drawPicture, takePicture } from './picture';
import { builtWithout } from './tricks';

/**
 * The side panel's early script (`sidepanel-early.js`, a classic script at the end of the body: it
 * runs as soon as it arrives). It draws the picture of the last opening (picture.ts), which takes
 * the user's input at once, then adds the panel's module scripts (page-modules.ts), which replace
 * the picture once they run, and asks for the first timeline page, the settings and the drafts.
 * With a picture both wait for the task after the frame that shows it: adding the modules (a fetch
 * started per file) and asking take the main thread milliseconds that frame would wait for, and
 * the user is already looking at the screen and can use it. Without one, both start at once.
 */
export function runEarlyScript(): void {
  const app = document.getElementById('app');
  const picture = app === null || builtWithout('picture') ? undefined : drawPictureOf(app);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // Once the entry ran, a picture still there was never taken over (the panel's code failed as it
    // started, or did not load): it goes rather than take input nothing will receive.
    addPageModules(document, () => setTimeout(dropPicture, 0));
    if (!builtWithout('early-requests')) startEarlyRequests();
  };
  if (picture === undefined) start();
  else {
    performance.mark(PICTURE_MARK);
    requestAnimationFrame(() =>
      setTimeout(() => {
        // Unless the live panel came first (its modules added on a hidden page, or in the markup on
        // the development server) and set it.
        markOnce(FIRST_ITEMS_MARK);
        start();
      }, 0),
    );
    // A hidden page draws no frame (a panel's page opened in a tab behind others): it starts without
    // one. Nor does a page whose rendering stalls: the modules come a quarter of a second late at most.
    if (document.visibilityState === 'hidden') start();
    else document.addEventListener('visibilitychange', start, { once: true });
    setTimeout(start, FRAME_LIMIT_MS);
  }
  // The picture of the last opening that panels before 29 Nov 2026 kept: never read again.
  try {
    localStorage.removeItem(RETIRED_PICTURE_KEY);
  } catch {
    // No storage: nothing kept either.
  }
}

/** How long the modules wait for the picture's frame at most (ms): it comes within a few frames. */
const FRAME_LIMIT_MS = 250;

/** Where panels before 29 Nov 2026 kept an inert picture of their last opening (removed: it delayed "usable"). */
const RETIRED_PICTURE_KEY = 'debateCompanion.panelSnapshot.v1';

/** The messages' language, as the live panel marks its document (lib/i18n.ts), without the polyfill. */
function messagesLanguage(): string {
  const i18n = rawNamespace<{ getMessage(name: string): string }>('i18n', 'getMessage');
  return i18n?.getMessage('messagesLocale') || 'en';
}

function drawPictureOf(app: HTMLElement) {
  // A notification's address opens the panel on the Outbox, not on the timeline the picture shows.
  if (location.hash !== '') return undefined;
  try {
    return drawPicture(app, globalThis.localStorage, { width: globalThis.innerWidth, lang: messagesLanguage() });
  } catch {
    app.replaceChildren();
    return undefined;
  }
}

/** The modules did not load or run: the picture, which nothing would replace, goes (once the live panel took it, nothing happens). */
function dropPicture(): void {
  const picture = takePicture();
  if (picture === undefined) return;
  picture.handOver();
  document.getElementById('app')?.replaceChildren();
}
