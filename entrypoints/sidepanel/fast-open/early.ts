import { startEarlyRequests } from './early-requests';
import { FIRST_ITEMS_MARK, markAfterNextFrame, SNAPSHOT_PAINTED_EVENT } from './first-paint';
import { loadPageModules } from './page-modules';
import { showSnapshot } from './panel-snapshot';
import { builtWithout } from './tricks';

/** Asks for the first timeline page and adds the panel's module scripts (see page-modules.ts). */
function startPanel(): void {
  try {
    if (!builtWithout('early-requests')) startEarlyRequests();
  } finally {
    // The panel itself, whatever happened above.
    loadPageModules();
  }
}

/**
 * The side panel's early script (`sidepanel-early.js`, loaded by sidepanel.html as a classic script
 * before the main bundle): draws the picture of the panel from its last opening, then asks for the
 * first timeline page while the bundle is fetched and parsed (so the answer is nearly there when it
 * is needed) and adds the panel's module scripts. With a picture to draw, those wait for the frame
 * that draws it: asking the background is the page's first use of an extension API, a few
 * milliseconds the picture need not wait for.
 */
export function runEarlyScript(): void {
  let drawn = false;
  try {
    const container = document.getElementById('snapshot');
    drawn = container !== null && showSnapshot(container);
  } catch {
    // No picture: the panel draws itself.
  }
  if (!drawn) {
    startPanel();
    return;
  }
  markAfterNextFrame(FIRST_ITEMS_MARK, () => {
    window.dispatchEvent(new Event(SNAPSHOT_PAINTED_EVENT));
    startPanel();
  });
}
