import { afterEach, describe, expect, it } from 'vitest';
import {
  CATCH_UP_GAP_MS,
  DRAW_SPAN,
  DRAW_WITHIN,
  FULL_EVERY,
  MAX_DRAWS,
  MAX_RESTS,
  REST_BEYOND,
  SWEEP_GAP_MS,
  type Sweepable,
  Sweeper,
} from '@/entrypoints/link-bar/sweeper';
import type { IdleDeadlineLike } from '@/lib/links/idle';

const HEIGHT = 1000;
const WIDTH = 150;
/**
 * Tops (px from the viewport's top): within which a resting bar is due to be drawn, within which
 * a sweep that changes anything draws every bar, and beyond which a drawn bar is due to rest.
 */
const NEAR_ABOVE = -HEIGHT * DRAW_WITHIN;
const NEAR_BELOW = HEIGHT * (1 + DRAW_WITHIN);
const SPAN_ABOVE = -HEIGHT * DRAW_SPAN;
const SPAN_BELOW = HEIGHT * (1 + DRAW_SPAN);
const REST_BELOW = HEIGHT * (1 + REST_BEYOND);

/** A bar whose host sits `top` px below the viewport's top (in document order as appended). */
class FakeBar implements Sweepable {
  readonly host = document.createElement('span');
  drawn: boolean;
  pristine = true;
  /** Where the host is; null: hidden by the page (no box). */
  top: number | null;
  static reads = 0;

  constructor(top: number | null, drawn = false) {
    this.top = top;
    this.drawn = drawn;
    this.host.getBoundingClientRect = () => {
      FakeBar.reads += 1;
      const t = this.top;
      return (t === null ? new DOMRect(0, 0, 0, 0) : new DOMRect(10, t, WIDTH, 16)) as DOMRect;
    };
    document.body.append(this.host);
  }

  draw() {
    this.drawn = true;
  }

  rest() {
    if (this.pristine) this.drawn = false;
  }
}

/** A sweeper whose idle callbacks and gaps the test runs by hand. */
function manualSweeper(options: { busy?: boolean; gaps?: number[] } = {}) {
  const queue: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const widths: number[] = [];
  const gone: FakeBar[] = [];
  const controller = new AbortController();
  /** Queues `run` in `list`; the cancel function takes that very entry out. */
  const enqueue = (list: (() => void)[], run: () => void) => {
    list.push(run);
    return () => {
      const at = list.indexOf(run);
      if (at >= 0) list.splice(at, 1);
    };
  };
  const sweeper = new Sweeper<FakeBar>({
    signal: controller.signal,
    onRestingWidth: (width) => widths.push(width),
    onGone: (bar) => gone.push(bar),
    idle: (callback) => {
      const deadline: IdleDeadlineLike = options.busy
        ? { didTimeout: true, timeRemaining: () => 0 }
        : { didTimeout: false, timeRemaining: () => 10 };
      return enqueue(queue, () => callback(deadline));
    },
    delay: (run, ms) => {
      options.gaps?.push(ms);
      return enqueue(queue, run);
    },
    afterFrame: (run) => enqueue(frames, run),
    viewportHeight: () => HEIGHT,
  });
  return {
    sweeper,
    frames,
    gone,
    widths,
    controller,
    /** Runs the first thing due (a gap, or a sweep). */
    step() {
      queue.shift()?.();
    },
    /** Runs everything due: the gap, then the sweep. */
    settle() {
      for (let i = 0; i < 10 && queue.length > 0; i += 1) queue.shift()?.();
    },
    sweepOnce(bars: FakeBar[]) {
      sweeper.request();
      this.settle();
      return bars.map((bar) => bar.drawn);
    },
  };
}

afterEach(() => {
  document.body.replaceChildren();
  FakeBar.reads = 0;
});

describe('Sweeper', () => {
  it('measures the first drawn, pristine bar, then lets the far drawn bars rest and keeps the near ones', () => {
    const s = manualSweeper();
    const near = new FakeBar(100, true);
    const far = new FakeBar(9000, true);
    expect(s.sweeper.measured).toBe(false);
    s.sweeper.add(near);
    s.sweeper.add(far);
    s.settle();
    expect(s.widths).toEqual([WIDTH]);
    expect(s.sweeper.measured).toBe(true);
    expect([near.drawn, far.drawn]).toEqual([true, false]);
  });

  it('takes a width measured before any bar (0 ignored): bars placed resting, the first sweep draws only the near ones', () => {
    const s = manualSweeper();
    s.sweeper.measuredWidth(0);
    expect(s.sweeper.measured).toBe(false);
    s.sweeper.measuredWidth(WIDTH);
    s.sweeper.measuredWidth(WIDTH + 5);
    expect(s.widths).toEqual([WIDTH]);
    expect(s.sweeper.measured).toBe(true);
    const near = new FakeBar(100, false);
    const far = new FakeBar(9000, false);
    s.sweeper.add(near);
    s.sweeper.add(far);
    s.settle();
    expect([near.drawn, far.drawn]).toEqual([true, false]);
  });

  it('once a resting bar is near, draws every bar within the span, leaves the others resting', () => {
    const s = manualSweeper();
    s.sweeper.add(new FakeBar(0, true));
    s.settle();
    // FakeBar's box is 16 px high: a bar whose bottom is just inside the upper edge is within.
    const tops = [
      SPAN_ABOVE - 100,
      SPAN_ABOVE - 10,
      NEAR_ABOVE - 100,
      500,
      NEAR_BELOW + 100,
      SPAN_BELOW - 1,
      SPAN_BELOW + 100,
    ];
    const bars = tops.map((top) => new FakeBar(top));
    for (const bar of bars) s.sweeper.add(bar);
    s.settle();
    expect(bars.map((bar) => bar.drawn)).toEqual([false, true, true, true, true, true, false]);
  });

  it('changes nothing until something is due, then draws and rests all it may in that one sweep', () => {
    const s = manualSweeper();
    // A bar every 100 px from 5 screens above the viewport to 6 below; the sweep draws the span.
    const bars = Array.from({ length: 110 }, (_, i) => new FakeBar(i * 100 - 5000, i === 50));
    for (const bar of bars) s.sweeper.add(bar);
    s.settle();
    const drawnNow = () => bars.filter((bar) => bar.drawn);
    const inSpan = () => bars.filter((bar) => (bar.top ?? 0) + 16 >= SPAN_ABOVE && (bar.top ?? 0) <= SPAN_BELOW);
    expect(drawnNow()).toEqual(inSpan());
    const scroll = (px: number) => {
      for (const bar of bars) bar.top = (bar.top ?? 0) - px;
    };
    // Down by well over a screen, half a screen a sweep (a reader: a fling changes nothing anyway).
    // The next resting bar below is still further than DRAW_WITHIN, the furthest drawn one above
    // not beyond REST_BEYOND: nothing is due, nothing changes.
    const before = drawnNow();
    const by = ((DRAW_SPAN - DRAW_WITHIN) * HEIGHT - 200) / 2;
    for (const _ of [1, 2]) {
      scroll(by);
      s.sweepOnce([]);
      expect(drawnNow()).toEqual(before);
    }
    // A little further: a resting bar comes near. One sweep draws the span and lets the rest rest.
    scroll(300);
    s.sweepOnce([]);
    expect(drawnNow()).toEqual(inSpan());
    expect(bars.some((bar) => bar.drawn && (bar.top ?? 0) > NEAR_BELOW)).toBe(true);
  });

  it('lets a drawn bar rest only well beyond where bars are drawn, and only when it shows nothing of its own', () => {
    const s = manualSweeper();
    const measured = new FakeBar(0, true);
    s.sweeper.add(measured);
    // Beyond the span but not beyond REST_BEYOND: not due to rest, so nothing changes for it.
    const between = new FakeBar((SPAN_BELOW + REST_BELOW) / 2, true);
    const alongside = new FakeBar((SPAN_BELOW + REST_BELOW) / 2 + 100, true);
    const touched = new FakeBar(REST_BELOW + 5000, true);
    touched.pristine = false;
    for (const bar of [between, alongside, touched]) s.sweeper.add(bar);
    s.settle();
    const all = [measured, between, alongside, touched];
    expect(all.map((bar) => bar.drawn)).toEqual([true, true, true, true]);
    // One goes beyond REST_BEYOND: it rests, and the one beyond the span rests with it.
    between.top = REST_BELOW + 500;
    expect(s.sweepOnce(all)).toEqual([true, false, false, true]);
  });

  it('draws at most MAX_DRAWS and rests at most MAX_RESTS bars a sweep, nearest draws and furthest rests first, and sweeps again sooner', () => {
    const gaps: number[] = [];
    const s = manualSweeper({ gaps });
    const measured = new FakeBar(0, true);
    s.sweeper.add(measured);
    s.settle();
    // A reader who jumped here: the bars in view are all to draw, those far above all to rest.
    const far = Array.from(
      { length: MAX_RESTS + 10 },
      (_, i) => new FakeBar(-HEIGHT * (REST_BEYOND + 2) - i * 20, true),
    );
    const near = Array.from({ length: MAX_DRAWS + 16 }, (_, i) => new FakeBar(i * 20));
    for (const bar of [...far, ...near]) s.sweeper.add(bar);
    s.step(); // the gap since the last sweep
    s.step(); // the first sweep after the additions
    expect(near.filter((bar) => bar.drawn)).toEqual(near.slice(0, MAX_DRAWS));
    expect(far.filter((bar) => bar.drawn)).toEqual(far.slice(0, 10));
    expect(gaps.at(-1)).toBeLessThanOrEqual(CATCH_UP_GAP_MS);
    s.settle();
    expect(near.every((bar) => bar.drawn)).toBe(true);
    expect(far.some((bar) => bar.drawn)).toBe(false);
    // Nothing left to do: the next sweep waits the usual gap.
    s.sweeper.request();
    expect(gaps.at(-1)).toBeGreaterThan(CATCH_UP_GAP_MS);
    expect(gaps.at(-1)).toBeLessThanOrEqual(SWEEP_GAP_MS);
  });

  it('draws nothing while the page flies past, and catches up once it slows down', () => {
    const gaps: number[] = [];
    const s = manualSweeper({ gaps });
    const bars = Array.from({ length: 200 }, (_, i) => new FakeBar(i * 100 - 5000, i === 50));
    for (const bar of bars) s.sweeper.add(bar);
    s.settle();
    const before = bars.map((bar) => bar.drawn);
    expect(before.filter(Boolean).length).toBeGreaterThan(30);
    // Three screens up since the last sweep, at once: a fling.
    for (const bar of bars) bar.top = (bar.top ?? 0) - 3 * HEIGHT;
    s.sweeper.request();
    s.step(); // the gap
    s.step(); // the sweep: it only looks
    expect(bars.map((bar) => bar.drawn)).toEqual(before);
    expect(gaps.at(-1)).toBeLessThanOrEqual(CATCH_UP_GAP_MS);
    // The page stopped: the next sweeps draw what is near now, and let what is far rest.
    s.settle();
    const within = (bar: FakeBar, reach: number) =>
      (bar.top ?? 0) + 16 >= -HEIGHT * reach && (bar.top ?? 0) <= HEIGHT * (1 + reach);
    expect(bars.filter((bar) => within(bar, DRAW_WITHIN)).every((bar) => bar.drawn)).toBe(true);
    expect(bars.filter((bar) => bar.drawn).every((bar) => within(bar, REST_BEYOND))).toBe(true);
  });

  it('reads only the bars around the viewport between full sweeps, and every bar in a full one', () => {
    const s = manualSweeper();
    const bars = Array.from({ length: 1000 }, (_, i) => new FakeBar(i * 100 - 50_000, i === 500));
    for (const bar of bars) s.sweeper.add(bar);
    s.settle(); // the first sweep is a full one
    // Every 100 px from the upper edge (bottoms within it) to the lower one.
    const near = bars.filter((bar) => (bar.top ?? 0) + 16 >= SPAN_ABOVE && (bar.top ?? 0) <= SPAN_BELOW);
    expect(near.length).toBeGreaterThan(30);
    expect(bars.filter((bar) => bar.drawn)).toEqual(near);
    // Of FULL_EVERY sweeps in a row, one reads every bar, the others only those around the viewport.
    const reads: number[] = [];
    for (let sweep = 0; sweep < FULL_EVERY; sweep += 1) {
      FakeBar.reads = 0;
      for (const bar of bars) bar.top = (bar.top ?? 0) + 10;
      s.sweepOnce([]);
      reads.push(FakeBar.reads);
    }
    expect(reads.filter((n) => n === 1000)).toHaveLength(1);
    expect(reads.filter((n) => n !== 1000).every((n) => n < 200)).toBe(true);
  });

  it('puts a bar added earlier in the document than the others in its place: a windowed sweep finds it', () => {
    const s = manualSweeper();
    const bars = Array.from({ length: 200 }, (_, i) => new FakeBar(i * 100 - 10_000, i === 100));
    for (const bar of bars) s.sweeper.add(bar);
    s.settle();
    const inserted = new FakeBar(50); // a new item, among the others in the document and on the page
    bars[100]?.host.before(inserted.host);
    s.sweeper.add(inserted);
    FakeBar.reads = 0;
    s.settle();
    expect(FakeBar.reads).toBeLessThan(200); // a windowed sweep, not a full one
    expect(inserted.drawn).toBe(true);
  });

  it('finds, at the next full sweep, a bar whose place on the page does not follow document order', () => {
    const s = manualSweeper();
    const bars = Array.from({ length: 200 }, (_, i) => new FakeBar(i * 100 - 10_000, i === 100));
    for (const bar of bars) s.sweeper.add(bar);
    s.settle();
    const header = new FakeBar(0); // last in the document, shown at the top (a fixed header)
    s.sweeper.add(header);
    // A windowed sweep starts around the viewport and stops well past it: the header is not read.
    s.sweepOnce([]);
    expect(header.drawn).toBe(false);
    for (let sweep = 2; sweep <= FULL_EVERY && !header.drawn; sweep += 1) s.sweepOnce([]);
    expect(header.drawn).toBe(true);
  });

  it('keeps bars the page hides resting, and lets a drawn one the page hid rest', () => {
    const s = manualSweeper();
    const measured = new FakeBar(0, true);
    const hidden = new FakeBar(null);
    const hiddenLater = new FakeBar(200, true);
    for (const bar of [measured, hidden, hiddenLater]) s.sweeper.add(bar);
    s.settle();
    expect([hidden.drawn, hiddenLater.drawn]).toEqual([false, true]);
    hiddenLater.top = null;
    expect(s.sweepOnce([hidden, hiddenLater])).toEqual([false, false]);
  });

  it('reads nothing in an idle callback the browser ran because the page stayed busy: it waits for the next frame', () => {
    const s = manualSweeper({ busy: true });
    const bar = new FakeBar(100);
    s.sweeper.add(bar);
    s.settle();
    expect(FakeBar.reads).toBe(0);
    expect(s.frames).toHaveLength(1);
    s.frames.shift()?.();
    expect(FakeBar.reads).toBeGreaterThan(0);
  });

  it('forgets bars the page removed, and stops when aborted', () => {
    const s = manualSweeper();
    const measured = new FakeBar(0, true);
    const removed = new FakeBar(100);
    s.sweeper.add(measured);
    s.sweeper.add(removed);
    removed.host.remove();
    s.settle();
    expect(removed.drawn).toBe(false);
    expect(s.gone).toEqual([removed]);
    // A bar already placed, and drawn, that the page takes out later.
    measured.host.remove();
    s.sweepOnce([]);
    expect(s.gone).toEqual([removed, measured]);
    s.controller.abort();
    const late = new FakeBar(10);
    s.sweeper.add(late);
    s.settle();
    expect(late.drawn).toBe(false);
  });
});
