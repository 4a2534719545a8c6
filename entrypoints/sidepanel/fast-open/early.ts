import { startEarlyRequests } from './early-requests';
import { builtWithout } from './tricks';

/**
 * The side panel's early script (`sidepanel-early.js`, a deferred classic script that runs before
 * the panel's module scripts): asks for the first timeline page, the settings and the drafts while
 * the modules are parsed and run (so the answers are nearly there when they are needed).
 */
export function runEarlyScript(): void {
  if (!builtWithout('early-requests')) startEarlyRequests();
  // The picture of the last opening that panels before 29 Nov 2026 kept: never read again.
  try {
    localStorage.removeItem(RETIRED_PICTURE_KEY);
  } catch {
    // No storage: nothing kept either.
  }
}

/** Where panels before 29 Nov 2026 kept a picture of their last opening (removed: it delayed "usable"). */
const RETIRED_PICTURE_KEY = 'debateCompanion.panelSnapshot.v1';
