import { FIRST_PAGE } from './timeline-store';

/** Answers the side panel asked for before its main script loaded (raw: checked by the main script). */
export interface EarlyRequests {
  firstPage: Promise<unknown>;
  settings: Promise<unknown>;
}

/** The browser's own runtime, without the polyfill (this runs before any bundle is parsed). */
interface RawRuntime {
  sendMessage(message: unknown): Promise<unknown>;
}

const HANDOFF = '__debateCompanionEarly';

function rawRuntime(): RawRuntime | undefined {
  // Firefox: `browser` (promises); Chrome MV3: `chrome` (promises too).
  for (const name of ['browser', 'chrome']) {
    const api: unknown = Reflect.get(globalThis, name);
    const runtime: unknown = typeof api === 'object' && api !== null ? Reflect.get(api, 'runtime') : undefined;
    if (typeof runtime === 'object' && runtime !== null && typeof Reflect.get(runtime, 'sendMessage') === 'function') {
      return runtime as RawRuntime;
    }
  }
  return undefined;
}

/**
 * Sends the first-page and settings requests at once, from a tiny script that runs while the
 * panel's main bundle is still being fetched and parsed, and leaves the answers for it. Same
 * envelope as `sendMessage`; the background checks it like any other.
 */
export function startEarlyRequests(): void {
  const runtime = rawRuntime();
  if (runtime === undefined) return;
  const send = (message: unknown) => {
    try {
      return runtime.sendMessage(message);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const early: EarlyRequests = {
    firstPage: send({ type: 'getTimelinePage', payload: { limit: FIRST_PAGE } }),
    settings: send({ type: 'getSettings' }),
  };
  // Nobody may wait on a rejection before the main script picks these up.
  early.firstPage.catch(() => undefined);
  early.settings.catch(() => undefined);
  Reflect.set(globalThis, HANDOFF, early);
}

/** Takes the early answers, once (undefined when the early script did not run). */
export function takeEarlyRequests(): EarlyRequests | undefined {
  const early: unknown = Reflect.get(globalThis, HANDOFF);
  Reflect.deleteProperty(globalThis, HANDOFF);
  return typeof early === 'object' && early !== null && 'firstPage' in early ? (early as EarlyRequests) : undefined;
}
