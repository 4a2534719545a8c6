import type { BudgetSignal } from './budget';
import { parseHttpDate } from './retry-after';
import { type FieldMember, parseFieldList, splitKeyValue } from './structured-field';

/** A plain non-negative number as servers write counts and seconds; at most 15 digits, so always finite. */
const NUMBER = /^\d{1,15}(?:\.\d{1,9})?$/;

/** A non-negative number, or undefined for anything else (garbage, negative, empty, absurdly long). */
function number(value: string | null | undefined): number | undefined {
  const text = value?.trim();
  return text !== undefined && NUMBER.test(text) ? Number(text) : undefined;
}

/** A count of writes: whole (a fraction is rounded down, never up). */
function whole(value: string | null | undefined): number | undefined {
  const n = number(value);
  return n === undefined ? undefined : Math.floor(n);
}

const seconds = (value: string | null | undefined): number | undefined => {
  const n = number(value);
  return n === undefined ? undefined : Math.ceil(n * 1000);
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
 * time already past is 0.
 */
export function resetMs(value: string | null | undefined, now: number, serverDate?: number): number | undefined {
  const n = number(value);
  if (n === undefined) return undefined;
  const reference = serverDate ?? now;
  if (n >= EPOCH_MS_FROM) return Math.max(0, Math.ceil(n - reference));
  if (n >= EPOCH_S_FROM) return Math.max(0, Math.ceil(n * 1000 - reference));
  return Math.ceil(n * 1000);
}

/** The fields a source found; `remaining` is required by the caller. */
type Found = Partial<Omit<BudgetSignal, 'source'>>;

/** The policy (`RateLimit-Policy`) a `RateLimit` item names; the only one when there is one of each. */
function policyFor(item: FieldMember, policies: FieldMember[], items: number): FieldMember | undefined {
  return (
    policies.find((p) => p.value === item.value) ?? (policies.length === 1 && items === 1 ? policies[0] : undefined)
  );
}

/**
 * Current draft-ietf-httpapi-ratelimit-headers: `RateLimit: "name";r=3;t=12, …` with
 * `RateLimit-Policy: "name";q=10;w=60, …`. Several policies: the one with the fewest writes left
 * (on a tie, the longest wait) is the one that binds.
 */
function currentIetf(members: FieldMember[], policies: FieldMember[]): Found | undefined {
  const items = members.filter((m) => whole(m.params.get('r')) !== undefined);
  let best: { item: FieldMember; remaining: number; resetMs: number | undefined } | undefined;
  for (const item of items) {
    const remaining = whole(item.params.get('r')) ?? 0;
    const reset = seconds(item.params.get('t'));
    if (
      best === undefined ||
      remaining < best.remaining ||
      (remaining === best.remaining && (reset ?? 0) > (best.resetMs ?? 0))
    ) {
      best = { item, remaining, resetMs: reset };
    }
  }
  if (best === undefined) return undefined;
  const policy = policyFor(best.item, policies, items.length);
  // An older policy form writes the quota as the item itself: `10;w=60`.
  const limit = whole(policy?.params.get('q')) ?? whole(policy?.value);
  return { remaining: best.remaining, resetMs: best.resetMs, limit, windowMs: seconds(policy?.params.get('w')) };
}

/** Older drafts, one field: `RateLimit: limit=10, remaining=3, reset=12` (a dictionary). */
function combinedIetf(members: FieldMember[], now: number, date: number | undefined): Found | undefined {
  const dict = new Map<string, { value: string; member: FieldMember }>();
  for (const member of members) {
    if (!member.value.includes('=')) continue;
    const [key, value] = splitKeyValue(member.value);
    if (!dict.has(key)) dict.set(key, { value, member });
  }
  const remaining = whole(dict.get('remaining')?.value);
  if (remaining === undefined) return undefined;
  const limit = dict.get('limit');
  return {
    remaining,
    limit: whole(limit?.value),
    resetMs: resetMs(dict.get('reset')?.value, now, date),
    windowMs: seconds(limit?.member.params.get('w')),
  };
}

/** Older drafts, separate fields: `RateLimit-Limit: 10, 10;w=60`, `RateLimit-Remaining`, `RateLimit-Reset`. */
function separateIetf(headers: Headers, now: number, date: number | undefined): Found | undefined {
  const remaining = whole(parseFieldList(headers.get('ratelimit-remaining'))[0]?.value);
  if (remaining === undefined) return undefined;
  const limits = parseFieldList(headers.get('ratelimit-limit'));
  const window =
    limits.find((m) => m.params.has('w'))?.params.get('w') ??
    parseFieldList(headers.get('ratelimit-policy'))
      .find((m) => m.params.has('w'))
      ?.params.get('w');
  return {
    remaining,
    limit: whole(limits[0]?.value),
    resetMs: resetMs(parseFieldList(headers.get('ratelimit-reset'))[0]?.value, now, date),
    windowMs: seconds(window),
  };
}

/** GitHub and many others: `X-RateLimit-Limit/Remaining/Reset`, and `X-RateLimit-Reset-After` (delta seconds). */
function xRateLimit(headers: Headers, now: number, date: number | undefined): Found | undefined {
  const first = (name: string) => parseFieldList(headers.get(name))[0]?.value;
  const remaining = whole(first('x-ratelimit-remaining'));
  if (remaining === undefined) return undefined;
  return {
    remaining,
    limit: whole(first('x-ratelimit-limit')),
    // The delta says what it means; the reset has to be guessed.
    resetMs: seconds(first('x-ratelimit-reset-after')) ?? resetMs(first('x-ratelimit-reset'), now, date),
  };
}

const usable = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n) && n >= 0;

/**
 * The write budget an answer's headers announce, or undefined when they announce none (no usable
 * "remaining"). Reads, first match wins: the current IETF draft (`RateLimit` items with `r`, paired
 * with `RateLimit-Policy`), the older IETF forms (`RateLimit: limit=…, remaining=…, reset=…`, then
 * `RateLimit-Limit/Remaining/Reset`), then `X-RateLimit-*`. A garbage or negative value leaves its
 * field out; every number returned is finite and non-negative. Never throws.
 */
export function readBudget(headers: Headers, now: number): BudgetSignal | undefined {
  try {
    const dateHeader = headers.get('date');
    const date = dateHeader === null ? undefined : parseHttpDate(dateHeader);
    const members = parseFieldList(headers.get('ratelimit'));
    const policies = parseFieldList(headers.get('ratelimit-policy'));
    const ietf = currentIetf(members, policies) ?? combinedIetf(members, now, date) ?? separateIetf(headers, now, date);
    const found = ietf ?? xRateLimit(headers, now, date);
    if (found === undefined || !usable(found.remaining)) return undefined;
    const signal: BudgetSignal = { remaining: found.remaining, source: ietf === undefined ? 'x-ratelimit' : 'ietf' };
    if (usable(found.limit)) signal.limit = found.limit;
    if (usable(found.resetMs)) signal.resetMs = found.resetMs;
    if (usable(found.windowMs)) signal.windowMs = found.windowMs;
    return signal;
  } catch {
    // Headers are the server's to get wrong; a budget we cannot read is no budget, not a failed request.
    return undefined;
  }
}
