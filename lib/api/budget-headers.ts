import type { BudgetSignal } from './budget';
import { MAX_RETRY_AFTER_MS, parseHttpDate } from './retry-after';
import { type FieldMember, parseFieldList, splitKeyValue } from './structured-field';

/** A count as servers write it: at most 15 digits, so always finite (a longer one is no count we can use). */
const COUNT = /^\d{1,15}(?:\.\d{1,9})?$/;
/** A time (seconds, or an epoch) in plain digits, however many. */
const TIME = /^\d+(?:\.\d+)?$/;

/** A count of writes: whole (a fraction is rounded down, never up); undefined for anything else. */
function whole(value: string | null | undefined): number | undefined {
  const text = value?.trim();
  return text !== undefined && COUNT.test(text) ? Math.floor(Number(text)) : undefined;
}

/** A time's number, or undefined for garbage, negative or exponent forms; may be Infinity (400 digits). */
function time(value: string | null | undefined): number | undefined {
  const text = value?.trim();
  return text !== undefined && TIME.test(text) ? Number(text) : undefined;
}

/** A wait too far to be finite is the longest we honour: far is never read as "no wait". */
const finite = (ms: number): number => (ms === Number.POSITIVE_INFINITY ? MAX_RETRY_AFTER_MS : ms);

const seconds = (value: string | null | undefined): number | undefined => {
  const n = time(value);
  return n === undefined ? undefined : finite(Math.ceil(n * 1000));
};

/** Above this a reset is epoch milliseconds (1e12 ms and 1e9 s are both 2001-09-09). */
const EPOCH_MS_FROM = 1e12;
/** Above this (and below {@link EPOCH_MS_FROM}) a reset is epoch seconds; below it, seconds from now. */
const EPOCH_S_FROM = 1e9;

/**
 * A reset field whose meaning servers disagree on, as ms from the answer: at least 1e12 → epoch ms;
 * at least 1e9 → epoch seconds (no window lasts 31 years, so no delta is that large); else delta
 * seconds. An epoch is measured against the answer's `Date` header when valid (a skewed local clock
 * does not move it; `Date` drops the fraction, so the wait can only come out longer), else `now`; a
 * time already past is 0. Digits too many to be finite read as {@link MAX_RETRY_AFTER_MS}.
 */
export function resetMs(value: string | null | undefined, now: number, serverDate?: number): number | undefined {
  const n = time(value);
  if (n === undefined) return undefined;
  const reference = serverDate ?? now;
  if (n >= EPOCH_MS_FROM) return finite(Math.max(0, Math.ceil(n - reference)));
  if (n >= EPOCH_S_FROM) return finite(Math.max(0, Math.ceil(n * 1000 - reference)));
  return finite(Math.ceil(n * 1000));
}

const usable = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n >= 0;

/** The usable values combined by `pick` (`Math.min`: fewest left; `Math.max`: latest reset), if any. */
function cautious(values: readonly (number | undefined)[], pick: (a: number, b: number) => number): number | undefined {
  let out: number | undefined;
  for (const value of values) if (usable(value)) out = out === undefined ? value : pick(out, value);
  return out;
}
const fewest = (values: readonly (number | undefined)[]) => cautious(values, Math.min);
const latest = (values: readonly (number | undefined)[]) => cautious(values, Math.max);

/** What one dialect said; only a dialect that names a remaining is read at all. */
type Found = Partial<Omit<BudgetSignal, 'source'>> & { remaining: number };

/** The policies (`RateLimit-Policy`) a `RateLimit` item names; the only one when there is one of each. */
function policiesFor(item: FieldMember, policies: FieldMember[], items: number): FieldMember[] {
  const named = policies.filter((p) => p.value === item.value);
  return named.length > 0 || policies.length !== 1 || items !== 1 ? named : policies;
}

/**
 * Current draft-ietf-httpapi-ratelimit-headers: `RateLimit: "name";r=3;t=12, …` with
 * `RateLimit-Policy: "name";q=10;w=60, …`. Several policies: the one with the fewest writes left
 * (on a tie, the longest wait) binds first; every policy with a reset goes to `later`, which keeps
 * those freeing after the binding reset.
 */
function currentIetf(members: FieldMember[], policies: FieldMember[]): Found | undefined {
  const items = members.flatMap((item) => {
    const remaining = whole(item.params.get('r'));
    return remaining === undefined ? [] : [{ item, remaining, resetMs: seconds(item.params.get('t')) }];
  });
  const [first, ...rest] = items;
  if (first === undefined) return undefined;
  let best = first;
  for (const read of rest) {
    const tie = read.remaining === best.remaining && (read.resetMs ?? 0) > (best.resetMs ?? 0);
    if (read.remaining < best.remaining || tie) best = read;
  }
  const named = policiesFor(best.item, policies, items.length);
  return {
    remaining: best.remaining,
    resetMs: best.resetMs,
    // An older policy form writes the quota as the item itself: `10;w=60`.
    limit: fewest(named.map((p) => whole(p.params.get('q')) ?? whole(p.value))),
    windowMs: latest(named.map((p) => seconds(p.params.get('w')))),
    later: items.flatMap(({ remaining, resetMs }) => (usable(resetMs) ? [{ remaining, resetMs }] : [])),
  };
}

/** Older drafts, one field: `RateLimit: limit=10, remaining=3, reset=12` (a dictionary). */
function combinedIetf(members: FieldMember[], now: number, date: number | undefined): Found | undefined {
  const entries = members.flatMap((member) => {
    if (!member.value.includes('=')) return [];
    const [key, value] = splitKeyValue(member.value);
    return [{ key, value, member }];
  });
  const valuesOf = (key: string) => entries.filter((e) => e.key === key);
  const remaining = fewest(valuesOf('remaining').map((e) => whole(e.value)));
  if (remaining === undefined) return undefined;
  const limits = valuesOf('limit');
  return {
    remaining,
    limit: fewest(limits.map((e) => whole(e.value))),
    resetMs: latest(valuesOf('reset').map((e) => resetMs(e.value, now, date))),
    windowMs: latest(limits.map((e) => seconds(e.member.params.get('w')))),
  };
}

/** Older drafts, separate fields: `RateLimit-Limit: 10, 10;w=60`, `RateLimit-Remaining`, `RateLimit-Reset`. */
function separateIetf(headers: Headers, now: number, date: number | undefined): Found | undefined {
  const list = (name: string) => parseFieldList(headers.get(name));
  const remaining = fewest(list('ratelimit-remaining').map((m) => whole(m.value)));
  if (remaining === undefined) return undefined;
  const limits = list('ratelimit-limit');
  return {
    remaining,
    limit: fewest(limits.map((m) => whole(m.value))),
    resetMs: latest(list('ratelimit-reset').map((m) => resetMs(m.value, now, date))),
    windowMs: latest([...limits, ...list('ratelimit-policy')].map((m) => seconds(m.params.get('w')))),
  };
}

/** GitHub and many others: `X-RateLimit-Limit/Remaining/Reset`, and `X-RateLimit-Reset-After` (delta seconds). */
function xRateLimit(headers: Headers, now: number, date: number | undefined): Found | undefined {
  const list = (name: string) => parseFieldList(headers.get(name)).map((m) => m.value);
  const remaining = fewest(list('x-ratelimit-remaining').map((v) => whole(v)));
  if (remaining === undefined) return undefined;
  return {
    remaining,
    limit: fewest(list('x-ratelimit-limit').map((v) => whole(v))),
    resetMs: latest([
      ...list('x-ratelimit-reset-after').map((v) => seconds(v)),
      ...list('x-ratelimit-reset').map((v) => resetMs(v, now, date)),
    ]),
  };
}

/**
 * The write budget an answer's headers announce, or undefined when they announce none (no usable
 * "remaining"). Reads every dialect the answer speaks: the current IETF draft (`RateLimit` items
 * with `r`, paired with `RateLimit-Policy`), the older IETF forms (`RateLimit: limit=…, remaining=…,
 * reset=…`, `RateLimit-Limit/Remaining/Reset`) and `X-RateLimit-*`. Where they, or a repeated field,
 * disagree, the most cautious reading wins field by field: the fewest writes left, the lowest limit,
 * the latest reset, the longest window, so the budget is never more generous than any single field
 * the server sent. A garbage or negative value leaves its field out; every number returned is
 * finite and non-negative. Never throws.
 */
export function readBudget(headers: Headers, now: number): BudgetSignal | undefined {
  try {
    const dateHeader = headers.get('date');
    const date = dateHeader === null ? undefined : parseHttpDate(dateHeader);
    const members = parseFieldList(headers.get('ratelimit'));
    const ietf = [
      currentIetf(members, parseFieldList(headers.get('ratelimit-policy'))),
      combinedIetf(members, now, date),
      separateIetf(headers, now, date),
    ].filter((found) => found !== undefined);
    const found = [...ietf, xRateLimit(headers, now, date)].filter((f) => f !== undefined);
    const remaining = fewest(found.map((f) => f.remaining));
    if (remaining === undefined) return undefined;
    const signal: BudgetSignal = { remaining, source: ietf.length > 0 ? 'ietf' : 'x-ratelimit' };
    const limit = fewest(found.map((f) => f.limit));
    const reset = latest(found.map((f) => f.resetMs));
    const windowMs = latest(found.map((f) => f.windowMs));
    if (limit !== undefined) signal.limit = limit;
    if (reset !== undefined) signal.resetMs = reset;
    if (windowMs !== undefined) signal.windowMs = windowMs;
    // A policy that frees no later than the binding one never holds longer than it does.
    const later = found.flatMap((f) => f.later ?? []).filter((p) => reset === undefined || p.resetMs > reset);
    if (later.length > 0) signal.later = later;
    return signal;
  } catch {
    // Headers are the server's to get wrong; a budget we cannot read is no budget, not a failed request.
    return undefined;
  }
}
