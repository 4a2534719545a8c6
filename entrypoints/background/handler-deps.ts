import type { SavedPostsBook } from '@/lib/storage/saved-book';
import type { Drafts } from './drafts';
import type { BackgroundServices } from './services';
import type { Status } from './status';
import type { SyncService } from './sync';

/** What the handlers need besides the services: how to wake the drainer and open the panel. */
export interface HandlerDeps {
  services: BackgroundServices;
  /** The status as pages draw it (with the drain's health, which the drain loop keeps). */
  status: () => Promise<Status>;
  /** Runs the drainer now (a write was queued, a key was saved). */
  kick: () => void;
  /** Pushes the status to open pages (for changes that storage events do not show, e.g. the vault). */
  notify: () => void;
  drafts: Drafts;
  /** Sync of settings, accounts and saved posts (sync.ts). */
  sync: Pick<SyncService, 'setOn' | 'answer'>;
  /** The Saved list's one writer. */
  saved: SavedPostsBook;
  /** Link bars: whether all-sites access is on, and loading the link and bar scripts into a frame. */
  links: {
    allSitesEnabled(decorateAllSites: boolean): Promise<boolean>;
    chosenHere(hostname: string, chosenSites: readonly string[]): Promise<boolean>;
    injectBar(tabId: number, frameId: number): Promise<void>;
    /** Loads `links.js` into a frame whose gated copy opened its gate. */
    injectLinkScript(tabId: number, frameId: number): Promise<void>;
    /** Brings the link script's registration in line with the settings and grants. */
    sync(): Promise<void>;
  };
}
