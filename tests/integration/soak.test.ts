import { afterEach, describe, expect, it } from 'vitest';
import { soak } from '../../bench/support/soak';
import { SandboxClient } from '../e2e/support/sandbox-client';
import { TestSandbox } from '../sandbox/helpers.js';

let sb: TestSandbox | undefined;
afterEach(async () => {
  await sb?.close();
  sb = undefined;
});

describe('a day of use, compressed (the short version of npm run soak)', () => {
  it('every write lands once, none early, through worker stops, restarts, offline spells, storms and a disabled key', async () => {
    // The sandbox on the real clock, as the soak's: both then move forward together.
    const sandbox = await TestSandbox.start({ now: () => Date.now() });
    sb = sandbox;
    const result = await soak(sandbox.base, new SandboxClient(sandbox.base), {
      days: 2,
      writes: 240,
      seed: 7,
      keepSent: 100,
      keepSentDays: 1,
    });
    expect(result).toMatchObject({ enqueued: 240, landed: 240, lost: 0, early: 0, duplicated: 0, beyondBounds: 0 });
    for (const event of ['worker stops', 'offline spells', '503 storms', 'keys disabled and enabled']) {
      expect(result.events[event] ?? 0, event).toBeGreaterThan(0);
    }
    expect(result.stored.sent).toBeLessThanOrEqual(100);
  });
});
