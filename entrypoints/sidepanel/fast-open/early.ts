import { startEarlyRequests } from './early-requests';
import { loadPageModules } from './page-modules';
import { builtWithout } from './tricks';

/**
 * The side panel's early script (`sidepanel-early.js`, loaded by sidepanel.html as a classic script
 * before the main bundle): asks for the first timeline page, the settings and the drafts while the
 * bundle is fetched and parsed (so the answers are nearly there when they are needed), then adds
 * the panel's module scripts.
 */
export function runEarlyScript(): void {
  try {
    if (!builtWithout('early-requests')) startEarlyRequests();
  } finally {
    // The panel itself, whatever happened above.
    loadPageModules();
  }
  // The picture of the last opening that panels before 29 Nov 2026 kept: never read again.
  try {
    localStorage.removeItem(RETIRED_PICTURE_KEY);
  } catch {
    // No storage: nothing kept either.
  }
}

/** Where panels before 29 Nov 2026 kept a picture of their last opening (removed: it delayed "usable"). */
const RETIRED_PICTURE_KEY = 'debateCompanion.panelSnapshot.v1';
