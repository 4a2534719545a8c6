import { browserIdle, type IdleScheduler } from '@/lib/links/idle';
import { partitionPoint } from '@/lib/partition-point';

/** A bar as the sweeper sees it: drawn near the viewport, resting elsewhere. */
export interface Sweepable {
  readonly host: Element;
  readonly drawn: boolean;
  /** Shows nothing of its own (no state, no focus, composer closed): only such a bar may rest. */
  readonly pristine: boolean;
  draw(): void;
  rest(): void;
}

export interface SweeperOptions<T extends Sweepable> {
  signal: AbortSignal;
  /** Told, once, the width of the first drawn, pristine bar measured: the width resting bars take. */
  onRestingWidth(width: number): void;
  /** Told of each bar whose host the page took out of the document (the sweeper forgets it). */
  onGone(bar: T): void;
  /** Idle-time scheduling (injected in tests). */
  idle?: IdleScheduler;
  /** Timer for the gap between sweeps (injected in tests). */
  delay?: (run: () => void, ms: number) => () => void;
  /** Runs `run` right after the browser's next frame (injected in tests); returns a cancel function. */
  afterFrame?: (run: () => void) => () => void;
  viewportHeight?: () => number;
}

/**
 * A sweep changes the page only when something is due: a resting bar within this many viewport
 * heights above or below the viewport (it must be drawn before the reader gets there)…
 */
export const DRAW_WITHIN = 1.5;
/**
 * …and then it does all it may in that one change: it draws every bar within this many heights and
 * lets every drawn bar beyond it rest. Each change costs the page a frame that lays out and paints it
 * whatever its size (on a long page, 20 to 40 ms), so a reader going down the page meets one every
 * {@link DRAW_SPAN} − {@link DRAW_WITHIN} screens, not one at every screen.
 */
export const DRAW_SPAN = 3;
/** A drawn bar beyond this many heights is also due to rest (then all beyond {@link DRAW_SPAN} rest with it). */
export const REST_BEYOND = 4.5;
/** Least time from the end of one sweep to the start of the next (ms): a page scrolling every frame is swept a few times a second. */
export const SWEEP_GAP_MS = 400;
/** Every this many sweeps, one reads every bar (the others read only around the viewport). */
export const FULL_EVERY = 8;
/**
 * At most this many bars are drawn in one sweep, the nearest first: each draw re-lays out its line
 * in the next frame (about 0.2 ms each, measured, where a rest costs half), and a reader who jumped
 * would otherwise ask for dozens at once. The others wait for the next sweep, which then comes after
 * {@link CATCH_UP_GAP_MS}.
 */
export const MAX_DRAWS = 24;
/**
 * At most this many drawn bars rest in one sweep, the furthest first. More than draws: a drawn bar
 * costs every frame of the page about six objects to walk where a resting one costs one, so far
 * bars (a feed's new items, drawn while at the top, then pushed down by the next) all rest in the
 * first sweep that changes the page.
 */
export const MAX_RESTS = 120;
export const CATCH_UP_GAP_MS = 100;
/**
 * A page that moved more than a screen since the last sweep, faster than a screen per this many
 * ms, is flying past (a fling, the End key, a dragged scroll bar, or content pushed down that
 * fast): nothing is drawn until it slows down. Each draw would land in the frames of a fast
 * scroll, the most expensive the page draws, and the bar would be gone from view before anyone
 * reads it.
 */
export const FLYING_MS = 250;
/** A windowed sweep stops after this many bars in a row below the window (document order is not always page order). */
const PAST_EDGE = 8;

const defaultDelay = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/** A task right after the next frame: its layout is fresh then (a rendering step just ran). */
const afterNextFrame = (run: () => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

/**
 * Decides which bars are drawn: those near the viewport. It reads where bars are in idle time,
 * after the page scrolls, resizes or grows and after bars are added ("a sweep"): all the reads of a
 * sweep first, then its draws and rests, so it never forces a layout its own writes made dirty.
 *
 * A sweep reads few bars: bars are kept in document order, which on nearly every page is the order
 * down the page, so a binary search finds the first bar near the viewport and the sweep reads on
 * until it is well past it, plus the bars drawn now. Every {@link FULL_EVERY}th sweep reads all
 * bars, for pages whose order differs (columns, fixed headers, reordered boxes).
 */
export class Sweeper<T extends Sweepable> {
  /** Bars in document order (bars added since the last sweep are merged in at the next). */
  private order: T[] = [];
  private added: T[] = [];
  private readonly drawn = new Set<T>();
  private restingWidth: number | undefined;
  /** A sweep is scheduled (it will see everything asked for until it runs). */
  private pending = false;
  private cancel: (() => void) | undefined;
  private sweptAt = Number.NEGATIVE_INFINITY;
  /** A sweep left changes undone: the next one makes them whether or not anything is due. */
  private due = false;
  /** The gap before the next sweep: shorter while a sweep left changes undone. */
  private gap = SWEEP_GAP_MS;
  /** The first bar in the viewport at the last sweep, where it was, and when: how fast the page moves. */
  private anchor: { bar: T; top: number; at: number } | undefined;
  private sweeps = 0;
  private readonly idle: IdleScheduler;
  private readonly delay: (run: () => void, ms: number) => () => void;
  private readonly afterFrame: (run: () => void) => () => void;
  private readonly viewportHeight: () => number;

  constructor(private readonly options: SweeperOptions<T>) {
    this.idle = options.idle ?? browserIdle;
    this.delay = options.delay ?? defaultDelay;
    this.afterFrame = options.afterFrame ?? afterNextFrame;
    this.viewportHeight = options.viewportHeight ?? (() => innerHeight);
    options.signal.addEventListener('abort', () => this.cancel?.(), { once: true });
  }

  /** Whether a drawn bar has been measured (until then, new bars should be drawn: none can rest). */
  get measured(): boolean {
    return this.restingWidth !== undefined;
  }

  /** Takes the width resting bars take, measured before any bar was placed (measure.ts); 0 is ignored. */
  measuredWidth(width: number): void {
    if (this.restingWidth !== undefined || !(width > 0)) return;
    this.restingWidth = width;
    this.options.onRestingWidth(width);
  }

  /** Takes a new bar (drawn or resting) into account, at the next sweep. */
  add(bar: T): void {
    this.added.push(bar);
    if (bar.drawn) this.drawn.add(bar);
    this.request();
  }

  /** Sweeps soon (in idle time, after a gap since the last sweep), unless a sweep is already due. */
  request(): void {
    if (this.options.signal.aborted || this.pending) return;
    this.pending = true;
    const run = () => {
      this.cancel = undefined;
      this.pending = false;
      this.sweep();
    };
    const start = () => {
      this.cancel = this.idle((deadline) => {
        // An idle period follows a frame, so the page's layout is fresh. A callback the browser ran
        // because the page stayed busy is not in one: wait for the next frame rather than force a
        // layout the page just made dirty.
        if (deadline.didTimeout) this.cancel = this.afterFrame(run);
        else run();
      }, SWEEP_GAP_MS);
    };
    const wait = this.sweptAt + this.gap - performance.now();
    if (wait <= 0) start();
    else this.cancel = this.delay(start, wait);
  }

  /** Reads, then draws and rests. */
  private sweep(): void {
    if (this.options.signal.aborted) return;
    this.merge();
    const height = this.viewportHeight();
    const boxes = new Map<T, DOMRect>();
    const box = (bar: T): DOMRect => {
      let found = boxes.get(bar);
      if (found === undefined) {
        found = bar.host.getBoundingClientRect();
        boxes.set(bar, found);
      }
      return found;
    };
    // A host the page hides has no box at all: it is near nothing.
    const shown = (b: DOMRect) => b.width > 0 || b.height > 0;
    const within = (b: DOMRect, reach: number) =>
      shown(b) && b.bottom >= -height * reach && b.top <= height * (1 + reach);

    if (this.flying(box, height)) {
      this.done(true);
      return;
    }
    /** How far outside the viewport a box is (px; 0 inside it). */
    const distance = (b: DOMRect) => (shown(b) ? Math.max(0, b.top - height, -b.bottom) : Number.POSITIVE_INFINITY);
    const draw: { bar: T; distance: number }[] = [];
    let due = this.due;
    const full = this.sweeps % FULL_EVERY === 0;
    this.sweeps += 1;
    let past = 0;
    for (let i = full ? 0 : this.firstNotAbove(box, -height * DRAW_SPAN); i < this.order.length; i += 1) {
      const bar = this.order[i] as T;
      const b = box(bar);
      if (!full && b.top > height * (1 + DRAW_SPAN)) {
        past += 1;
        if (past > PAST_EDGE) break;
        continue;
      }
      past = 0;
      if (bar.drawn || !within(b, DRAW_SPAN)) continue;
      draw.push({ bar, distance: distance(b) });
      if (within(b, DRAW_WITHIN)) due = true;
    }
    if (this.restingWidth === undefined) {
      for (const bar of this.drawn) {
        const width = box(bar).width;
        if (width > 0 && bar.pristine) {
          this.measuredWidth(width);
          break;
        }
      }
    }
    const rest: { bar: T; distance: number }[] = [];
    if (this.restingWidth !== undefined) {
      for (const bar of this.drawn) {
        const b = box(bar);
        if (!bar.pristine || within(b, DRAW_SPAN)) continue;
        rest.push({ bar, distance: distance(b) });
        if (!within(b, REST_BEYOND)) due = true;
      }
    }
    if (!due) {
      this.done(false);
      return;
    }
    // The nearest draws, the furthest rests.
    draw.sort((a, b) => a.distance - b.distance);
    rest.sort((a, b) => b.distance - a.distance);
    const drawNow = draw.slice(0, MAX_DRAWS);
    const restNow = rest.slice(0, MAX_RESTS);
    // Writes, after every read.
    for (const { bar } of drawNow) {
      bar.draw();
      // A bar may fail to draw (a page that took its host's shadow root): it is not counted as drawn.
      if (bar.drawn) this.drawn.add(bar);
    }
    for (const { bar } of restNow) {
      bar.rest();
      if (!bar.drawn) this.drawn.delete(bar);
    }
    this.due = draw.length + rest.length > drawNow.length + restNow.length;
    this.done(this.due);
  }

  /** Ends a sweep: the next one comes after the usual gap, or soon (and is asked for) when `left` work undone. */
  private done(left: boolean): void {
    this.sweptAt = performance.now();
    this.gap = left ? CATCH_UP_GAP_MS : SWEEP_GAP_MS;
    if (left) this.request();
  }

  /** Whether the page moved fast since the last sweep (and notes where it is now). */
  private flying(box: (bar: T) => DOMRect, height: number): boolean {
    const now = performance.now();
    const was = this.anchor;
    const bar = this.order[this.firstNotAbove(box, 0)];
    this.anchor = bar === undefined ? undefined : { bar, top: box(bar).top, at: now };
    if (was === undefined || !was.bar.host.isConnected) return false;
    const moved = Math.abs(box(was.bar).top - was.top);
    return moved > height && moved / Math.max(1, now - was.at) > height / FLYING_MS;
  }

  /** The index of the first bar (in document order) whose box does not end above `top`. */
  private firstNotAbove(box: (bar: T) => DOMRect, top: number): number {
    return partitionPoint(this.order.length, (i) => box(this.order[i] as T).bottom < top);
  }

  /** Drops bars the page removed (and says so); puts the bars added since the last sweep in their place in document order. */
  private merge(): void {
    const connected = (bar: T) => {
      if (bar.host.isConnected) return true;
      this.drawn.delete(bar);
      this.options.onGone(bar);
      return false;
    };
    if (!this.order.every((bar) => bar.host.isConnected)) this.order = this.order.filter(connected);
    for (const bar of this.added) {
      if (!connected(bar)) continue;
      const follows = (other: T | undefined) =>
        other === undefined || (other.host.compareDocumentPosition(bar.host) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      // Bars usually come in document order, after those there are: then one comparison places them.
      const at = follows(this.order[this.order.length - 1])
        ? this.order.length
        : partitionPoint(this.order.length, (i) => follows(this.order[i]));
      this.order.splice(at, 0, bar);
    }
    this.added = [];
  }
}
