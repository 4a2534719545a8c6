import type { LinkConfigView } from './eligibility';
import type { FoundLink } from './scanner';

/**
 * How the always-on link finder hands its finds to the bar script, which the background injects
 * into the same frame on demand. Both run in the extension's isolated world, whose globals the page
 * cannot see, so a property of `globalThis` there is private to us.
 */
export interface LinkHandoff {
  readonly config: LinkConfigView;
  /** Aborted when the finder stops (the extension was updated or removed, the page is leaving). */
  readonly signal: AbortSignal;
  /** The finder's matcher: the bar re-checks its link's href with it before every write. */
  match(href: string): string | null;
  /** Gives finds to the bar script, or keeps them until it listens. */
  deliver(found: FoundLink[]): void;
  /** The bar script takes the finds (queued ones at once). Only one listener; false if taken. */
  listen(listener: (found: FoundLink[]) => void): boolean;
}

const KEY = '__debateCompanionLinkHandoff';

/** Creates the handoff and publishes it in the isolated world for the bar script. */
export function publishHandoff(
  config: LinkConfigView,
  signal: AbortSignal,
  match: (href: string) => string | null,
): LinkHandoff {
  let queue: FoundLink[] = [];
  let listener: ((found: FoundLink[]) => void) | undefined;
  const handoff: LinkHandoff = {
    config,
    signal,
    match,
    deliver(found) {
      if (signal.aborted || found.length === 0) return;
      if (listener === undefined) queue.push(...found);
      else listener(found);
    },
    listen(next) {
      if (listener !== undefined || signal.aborted) return false;
      listener = next;
      const queued = queue;
      queue = [];
      if (queued.length > 0) next(queued);
      return true;
    },
  };
  Object.defineProperty(globalThis, KEY, { value: handoff, configurable: true, enumerable: false, writable: false });
  signal.addEventListener('abort', () => Reflect.deleteProperty(globalThis, KEY), { once: true });
  return handoff;
}

/** The finder's handoff in this frame, if one runs. */
export function findHandoff(): LinkHandoff | undefined {
  const value: unknown = Reflect.get(globalThis, KEY);
  return typeof value === 'object' && value !== null ? (value as LinkHandoff) : undefined;
}
