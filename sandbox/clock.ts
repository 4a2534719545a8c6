/**
 * Sandbox time: the injected clock plus an offset that `POST /__sandbox/clock` moves forward,
 * so tests can cross a budget window without sleeping.
 */
export class Clock {
  private offsetMs = 0;

  constructor(private readonly base: () => number) {}

  /** Milliseconds since the epoch, in sandbox time. */
  now(): number {
    return this.base() + this.offsetMs;
  }

  /** Moves sandbox time forward; never backward, so budget windows stay monotonic. */
  advance(ms: number): void {
    this.offsetMs += Math.max(0, ms);
  }

  /** How far sandbox time is ahead of the injected clock. */
  get offset(): number {
    return this.offsetMs;
  }

  /** Back to the injected clock (used by reset). */
  resetOffset(): void {
    this.offsetMs = 0;
  }
}
