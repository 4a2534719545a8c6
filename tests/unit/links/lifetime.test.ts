import { describe, expect, it } from 'vitest';
import { claimFrame, scriptLifetime } from '@/lib/links/lifetime';

describe('scriptLifetime', () => {
  it('a newer copy in the frame ends the older one, never itself', () => {
    const first = scriptLifetime('links');
    expect(first.aborted).toBe(false);
    const second = scriptLifetime('links');
    expect(first.aborted).toBe(true);
    expect(second.aborted).toBe(false);
  });

  it('each start ends only the copy before it; the newest runs', () => {
    const copies = [scriptLifetime('links'), scriptLifetime('links'), scriptLifetime('links')];
    expect(copies.map((signal) => signal.aborted)).toEqual([true, true, false]);
  });

  it('the bars and the link script each have their own', () => {
    const links = scriptLifetime('links');
    const bars = scriptLifetime('link-bar');
    expect([links.aborted, bars.aborted]).toEqual([false, false]);
  });

  it('nothing the page can reach: the stop is not enumerable on the global', () => {
    scriptLifetime('links');
    expect(Object.keys(globalThis).some((key) => key.includes('debateCompanion'))).toBe(false);
  });

  it('a copy that claims the frame with its own stop (the gated link script) stops and is stopped alike', () => {
    const older = scriptLifetime('links');
    let stops = 0;
    claimFrame('links', () => {
      stops += 1;
    });
    expect(older.aborted).toBe(true);
    const newer = scriptLifetime('links');
    expect(stops).toBe(1);
    expect(newer.aborted).toBe(false);
  });
});
