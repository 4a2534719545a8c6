import { FIRST_PAGE } from '@/entrypoints/sidepanel/state/timeline-store';
import { DRAFT_RECORD_PREFIX, LEGACY_DRAFTS_PREF } from '@/lib/storage/drafts-key';
import { readPrefsRaw } from '@/lib/storage/prefs';

/** Answers the side panel asked for before its main script loaded (raw: checked by the main script). */
export interface EarlyRequests {
  firstPage: Promise<unknown>;
  settings: Promise<unknown>;
  /** The composer drafts, read raw from the prefs store (`readPrefsRaw`). */
  drafts: Promise<unknown>;
}

const HANDOFF = '__debateCompanionEarly';

/**
 * One namespace of the browser's own extension API (Firefox's `browser` or Chrome's `chrome`, both
 * answer with promises), if it has `method`: for the early script, which runs before any bundle.
 */
export function rawNamespace<T>(namespace: string, method: string): T | undefined {
  for (const name of ['browser', 'chrome']) {
    const api: unknown = Reflect.get(globalThis, name);
    const found: unknown = typeof api === 'object' && api !== null ? Reflect.get(api, namespace) : undefined;
    if (typeof found === 'object' && found !== null && typeof Reflect.get(found, method) === 'function') {
      return found as T;
    }
  }
  return undefined;
}

/** Runs `call` at once, a synchronous throw turned into a rejection. */
const attempt = (call: () => Promise<unknown>) => new Promise<unknown>((resolve) => resolve(call()));

/**
 * Sends the first-page and settings requests (and reads the drafts) at once, from a tiny script that runs while the
 * panel's main bundle is still being fetched and parsed, and leaves the answers for it. Same
 * envelope as `sendMessage`; the background checks it like any other.
 */
export function startEarlyRequests(): void {
  // The browser's own runtime, without the polyfill (this runs before any bundle is parsed).
  const runtime = rawNamespace<{ sendMessage(message: unknown): Promise<unknown> }>('runtime', 'sendMessage');
  // Should the main script ever run first, it has asked for itself: ask nothing twice.
  if (runtime === undefined || Reflect.has(globalThis, HANDOFF)) return;
  const early: EarlyRequests = {
    firstPage: attempt(() => runtime.sendMessage({ type: 'getTimelinePage', payload: { limit: FIRST_PAGE } })),
    settings: attempt(() => runtime.sendMessage({ type: 'getSettings' })),
    drafts: attempt(() => readPrefsRaw(LEGACY_DRAFTS_PREF, DRAFT_RECORD_PREFIX)),
  };
  // Nobody may wait on a rejection before the main script picks these up.
  for (const answer of Object.values(early)) answer.catch(() => undefined);
  Reflect.set(globalThis, HANDOFF, early);
}

/**
 * Takes the early answers, once (undefined when the early script has not run: it then never will
 * send, so nothing is asked twice).
 */
export function takeEarlyRequests(): EarlyRequests | undefined {
  const early: unknown = Reflect.get(globalThis, HANDOFF);
  Reflect.set(globalThis, HANDOFF, null);
  return typeof early === 'object' && early !== null && 'firstPage' in early ? (early as EarlyRequests) : undefined;
}
