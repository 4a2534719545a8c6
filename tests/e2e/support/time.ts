/**
 * Limits for waits on conditions, scaled for slow or busy machines: `E2E_TIME_SCALE=3 npm test`
 * triples every limit that goes through here. Limits only: no test waits on the clock itself.
 */
export function scaled(ms: number): number {
  const factor = Number(process.env.E2E_TIME_SCALE ?? '1');
  return Number.isFinite(factor) && factor >= 1 ? Math.round(ms * factor) : ms;
}
