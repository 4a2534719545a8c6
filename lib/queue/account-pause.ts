import { sameJson } from '@/lib/same-json';
import { type BackoffOptions, backoffWindow, fullJitter, type Random } from './backoff';
import type { AccountState } from './types';

/** Probes of a disabled key: 30 s, 1 min, 2 min, … at most every 10 min. */
export const DISABLED_PROBE_BACKOFF: BackoffOptions = { baseMs: 30_000, capMs: 10 * 60_000 };
/** Retries while offline: full jitter over 2 s, 4 s, … capped at 5 min, never under 1 s. */
export const OFFLINE_RETRY_BACKOFF: BackoffOptions = { baseMs: 2_000, capMs: 5 * 60_000 };
/** The shortest offline retry delay, so full jitter never makes a tight loop. */
export const OFFLINE_MIN_DELAY_MS = 1_000;

/**
 * The earliest time the account may send a write, or `undefined` when nothing pauses it.
 * A 429's time, a disabled key's next probe and an offline retry each hold the queue back.
 */
export function pausedUntil(state: AccountState | undefined, now: number): number | undefined {
  if (state === undefined) return undefined;
  const times = [state.rateLimitedUntil, state.disabled?.nextProbeAt, state.offline?.retryAt];
  let latest: number | undefined;
  for (const time of times) {
    if (time !== undefined && time > now && (latest === undefined || time > latest)) latest = time;
  }
  return latest;
}

/**
 * After a 429: no write before `until` (never moved earlier by a shorter later wait). `by` names
 * the send it came from, so a restart can tell that send was refused.
 */
export function withRateLimit(state: AccountState, until: number, by?: AccountState['rateLimitedBy']): AccountState {
  // A 429 proves the key works and the server is reachable.
  const next = withoutPauses(state);
  next.rateLimitedUntil = Math.max(until, state.rateLimitedUntil ?? until);
  if (by !== undefined) next.rateLimitedBy = by;
  return next;
}

/**
 * After a write whose answer was lost (the worker stopped mid-send, the connection broke) and that
 * was not found: a 429 may have been lost with it, so wait the fallback as if one had said nothing
 * usable, counted from the latest moment its answer could have come.
 */
export function withLostAnswer(
  state: AccountState,
  item: string,
  sendStartedAt: number,
  now: number,
  answerDeadlineMs: number,
  fallbackMs: number,
): AccountState {
  const answeredBy = Math.min(now, sendStartedAt + answerDeadlineMs);
  const until = answeredBy + fallbackMs;
  if (until <= now) return state;
  // Not withRateLimit: a lost answer proves nothing about the key or the network.
  return {
    ...state,
    rateLimitedUntil: Math.max(until, state.rateLimitedUntil ?? until),
    rateLimitedBy: { item, at: now, lost: true },
  };
}

/**
 * One more try of a pause that backs off: its count (0 for the first), when the pause began, and
 * when the try is due (`delay` of the count, from now).
 */
function nextTry(
  pause: { attempt: number; since: number } | undefined,
  now: number,
  delay: (attempt: number) => number,
) {
  const attempt = pause === undefined ? 0 : pause.attempt + 1;
  return { attempt, since: pause?.since ?? now, at: now + delay(attempt) };
}

/** After a 403 key_disabled: the next probe waits one more backoff window. */
export function withDisabledKey(state: AccountState, reason: string, now: number, options = DISABLED_PROBE_BACKOFF) {
  const { attempt, since, at } = nextTry(state.disabled, now, (count) => backoffWindow(count, options));
  const next: AccountState = { ...state, disabled: { reason, since, attempt, nextProbeAt: at } };
  delete next.offline;
  return next;
}

/** After a send that certainly never left (offline): retry after a jittered backoff. */
export function withOffline(
  state: AccountState,
  message: string,
  now: number,
  random: Random,
  options = OFFLINE_RETRY_BACKOFF,
) {
  const wait = (count: number) => Math.max(OFFLINE_MIN_DELAY_MS, fullJitter(count, options, random));
  const { attempt, since, at } = nextTry(state.offline, now, wait);
  return { ...state, offline: { since, attempt, retryAt: at, message } } satisfies AccountState;
}

/**
 * After the server answered a write (any answer but "disabled"): the key works and the network is
 * up. A passed rate-limit time is dropped; a future one stays (it came from the server).
 */
export function withoutPauses(state: AccountState, now?: number): AccountState {
  const next: AccountState = { ...state };
  delete next.disabled;
  delete next.offline;
  if (now !== undefined && next.rateLimitedUntil !== undefined && next.rateLimitedUntil <= now) {
    delete next.rateLimitedUntil;
    delete next.rateLimitedBy;
  }
  return next;
}

/**
 * True when the two states pause the account identically and hold the same budget knowledge, i.e.
 * storing `b` over `a` would change nothing (to skip needless writes).
 */
export function samePauses(a: AccountState | undefined, b: AccountState): boolean {
  return (
    a?.rateLimitedUntil === b.rateLimitedUntil &&
    sameJson(a?.rateLimitedBy, b.rateLimitedBy) &&
    sameJson(a?.disabled, b.disabled) &&
    sameJson(a?.offline, b.offline) &&
    sameJson(a?.budget, b.budget) &&
    sameJson(a?.learned, b.learned) &&
    a?.refusalEndsAt === b.refusalEndsAt &&
    a?.speaker === b.speaker
  );
}

/**
 * A key check named `speaker` as the platform account the key acts for. Write budgets are the
 * platform account's (spec: a key adds no budget): a 429's wait and what answers said of the budget
 * belong to the account they came for, so a key of another platform account starts without them.
 * Where no check named one before, they are kept: the wait may be this account's, and the platform
 * says to wait it out.
 */
export function forSpeaker(state: AccountState, speaker: string): AccountState {
  if (state.speaker === speaker) return state;
  if (state.speaker === undefined) return { ...state, speaker };
  const { rateLimitedUntil: _, rateLimitedBy: __, budget: ___, learned: ____, refusalEndsAt: _____, ...rest } = state;
  return { ...rest, speaker };
}
