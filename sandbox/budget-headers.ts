import type { BudgetUsage } from './budget.js';

/**
 * How an answer announces the account's write budget. The spec promises none of it (§8: only 429 with
 * Retry-After); real servers differ, so the sandbox can speak each common form, or stay silent.
 */
export const BUDGET_HEADER_STYLES = ['ietf', 'x-ratelimit', 'none'] as const;

/** One of {@link BUDGET_HEADER_STYLES}. */
export type BudgetHeaderStyle = (typeof BUDGET_HEADER_STYLES)[number];

/** Whether `value` names a budget header style. */
export function isBudgetHeaderStyle(value: unknown): value is BudgetHeaderStyle {
  return typeof value === 'string' && (BUDGET_HEADER_STYLES as readonly string[]).includes(value);
}

/** The policy name in the IETF fields: the one budget the sandbox keeps is for writes. */
const POLICY = '"writes"';

/**
 * The headers that announce `usage` at sandbox time `now` (ms), in `style`:
 *
 * - `ietf` (draft-ietf-httpapi-ratelimit-headers, structured fields):
 *   `RateLimit-Policy: "writes";q=<limit>;w=<window s>` and `RateLimit: "writes";r=<remaining>;t=<s>`;
 * - `x-ratelimit` (GitHub style): `X-RateLimit-Limit`, `X-RateLimit-Remaining`, and
 *   `X-RateLimit-Reset` in epoch seconds, rounded up, of now + t; with `Date` on the sandbox clock
 *   (not the wall clock Node would send), as a real server's epoch and `Date` come from one clock;
 * - `none`: nothing.
 *
 * `t` is `usage.resetSeconds`: whole seconds until `remaining` rises, 0 when nothing is used.
 * Each style also lists its fields (and Retry-After) in `Access-Control-Expose-Headers`, so a
 * cross-origin reader that is granted the answer may read them.
 */
export function budgetHeaders(style: BudgetHeaderStyle, usage: BudgetUsage, now: number): Record<string, string> {
  if (style === 'ietf') {
    return {
      'RateLimit-Policy': `${POLICY};q=${usage.writes};w=${usage.windowSeconds}`,
      RateLimit: `${POLICY};r=${usage.remaining};t=${usage.resetSeconds}`,
      'Access-Control-Expose-Headers': 'RateLimit, RateLimit-Policy, Retry-After',
    };
  }
  if (style === 'x-ratelimit') {
    return {
      'X-RateLimit-Limit': String(usage.writes),
      'X-RateLimit-Remaining': String(usage.remaining),
      'X-RateLimit-Reset': String(Math.ceil((now + usage.resetSeconds * 1000) / 1000)),
      Date: new Date(now).toUTCString(),
      'Access-Control-Expose-Headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After',
    };
  }
  return {};
}
