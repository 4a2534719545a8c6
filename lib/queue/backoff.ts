/** A source of numbers in [0, 1). Injected so tests are deterministic. */
export type Random = () => number;

/** Parameters of a capped exponential backoff. */
export interface BackoffOptions {
  /** Delay of the first retry window, ms. */
  baseMs: number;
  /** No window is longer than this, ms. */
  capMs: number;
}

/** The window for retry number `attempt` (0-based): `min(cap, base * 2^attempt)`. */
export function backoffWindow(attempt: number, { baseMs, capMs }: BackoffOptions): number {
  // Past 2^30 the product only overflows toward Infinity; the cap wins long before.
  const exponent = Math.min(Math.max(0, attempt), 30);
  return Math.min(capMs, baseMs * 2 ** exponent);
}

/**
 * "Full jitter": a uniformly random delay in [0, window). Spreads retries of many clients so they
 * do not arrive together (AWS architecture blog, "Exponential Backoff And Jitter").
 */
export function fullJitter(attempt: number, options: BackoffOptions, random: Random): number {
  const window = backoffWindow(attempt, options);
  return Math.floor(clampUnit(random()) * window);
}

function clampUnit(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return value >= 1 ? 1 - Number.EPSILON : value;
}
