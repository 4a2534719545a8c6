import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIN_POINTER_REST_MS, MIN_VISIBLE_MS, Sightings } from '@/entrypoints/link-bar/trusted';

/** A host whose box the test moves. */
function hostAt(box: { left: number; top: number }) {
  const host = document.createElement('span');
  host.getBoundingClientRect = () => ({ ...box, width: 120, height: 16 }) as DOMRect;
  return { host, box };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Sightings without IntersectionObserver v2 (Firefox)', () => {
  it('is not certain, and counts a click only after the pointer rested on the bar, unmoved', () => {
    const sightings = new Sightings();
    expect(sightings.certain).toBe(false);
    const { host, box } = hostAt({ left: 10, top: 20 });
    // No pointer on it at all (a page that swallowed the pointer events): no click counts.
    expect(sightings.seenLongEnough(host, 10_000)).toBe(false);
    sightings.pointer(host, true, 1_000);
    expect(sightings.seenLongEnough(host, 1_000 + MIN_POINTER_REST_MS - 1)).toBe(false);
    expect(sightings.seenLongEnough(host, 1_000 + MIN_POINTER_REST_MS)).toBe(true);
    // Moved under the pointer (the page slid it there): refused, and it rests again from then.
    box.top = 60;
    expect(sightings.seenLongEnough(host, 2_000)).toBe(false);
    expect(sightings.seenLongEnough(host, 2_000 + MIN_POINTER_REST_MS - 1)).toBe(false);
    expect(sightings.seenLongEnough(host, 2_000 + MIN_POINTER_REST_MS)).toBe(true);
    // The pointer left: it must come back and rest again.
    sightings.pointer(host, false, 3_000);
    expect(sightings.seenLongEnough(host, 4_000)).toBe(false);
  });
});

describe('Sightings with IntersectionObserver v2 (Chromium)', () => {
  function withObserverV2() {
    let report: (entries: { target: Element; isVisible: boolean; time: number }[]) => void = () => undefined;
    const observed = new Set<Element>();
    class Entry {}
    Object.defineProperty(Entry.prototype, 'isVisible', { get: () => false });
    class Observer {
      constructor(
        callback: (entries: unknown[]) => void,
        readonly options: { trackVisibility?: boolean; delay?: number },
      ) {
        expect(options).toMatchObject({ trackVisibility: true, delay: 100 });
        report = (entries) => callback(entries);
      }
      observe(target: Element) {
        observed.add(target);
      }
      unobserve(target: Element) {
        observed.delete(target);
      }
    }
    vi.stubGlobal('IntersectionObserverEntry', Entry);
    vi.stubGlobal('IntersectionObserver', Observer);
    return { report: (entries: { target: Element; isVisible: boolean; time: number }[]) => report(entries), observed };
  }

  it('counts a click only once the bar has been really visible long enough; a decoy over it resets that', () => {
    const { report, observed } = withObserverV2();
    const sightings = new Sightings();
    expect(sightings.certain).toBe(true);
    const { host } = hostAt({ left: 0, top: 0 });
    sightings.watch(host);
    expect(observed.has(host)).toBe(true);
    sightings.pointer(host, true, 0);
    // Never reported visible: the pointer's rest alone is not enough.
    expect(sightings.seenLongEnough(host, 5_000)).toBe(false);

    report([{ target: host, isVisible: true, time: 1_000 }]);
    expect(sightings.seenLongEnough(host, 1_000 + MIN_VISIBLE_MS - 1)).toBe(false);
    expect(sightings.seenLongEnough(host, 1_000 + MIN_VISIBLE_MS)).toBe(true);
    // Still visible, reported again: it counts from when it first became visible.
    report([{ target: host, isVisible: true, time: 1_800 }]);
    expect(sightings.seenLongEnough(host, 1_900)).toBe(true);

    // A decoy drawn over it (pointer-events: none): not visible, and it starts over once uncovered.
    report([{ target: host, isVisible: false, time: 2_000 }]);
    expect(sightings.seenLongEnough(host, 9_000)).toBe(false);
    report([{ target: host, isVisible: true, time: 3_000 }]);
    expect(sightings.seenLongEnough(host, 3_000 + MIN_VISIBLE_MS - 1)).toBe(false);
    expect(sightings.seenLongEnough(host, 3_000 + MIN_VISIBLE_MS)).toBe(true);

    // A bar that rests is not watched, and forgets what was seen.
    sightings.forget(host);
    expect(observed.has(host)).toBe(false);
    expect(sightings.seenLongEnough(host, 10_000)).toBe(false);
  });
});
