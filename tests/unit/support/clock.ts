import { vi } from 'vitest';

/**
 * Fake timers that leave `setImmediate` real: fake-indexeddb (the settings and drafts store of the
 * unit tests) schedules its work with it, and a faked one would never run.
 */
export function useFakeClock(now?: number): void {
  vi.useFakeTimers({
    ...(now === undefined ? {} : { now }),
    toFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'Date',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'performance',
    ],
  });
}
