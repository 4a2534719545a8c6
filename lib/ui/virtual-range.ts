import { partitionPoint } from '@/lib/partition-point';

/*
 * The arithmetic of a windowed list, kept apart from the DOM so it is unit-tested on its own:
 * row heights (measured, else estimated), their running offsets, and which rows to render.
 */

/** Rows rendered above and below the visible ones, so a fast scroll does not show blank space. */
export const OVERSCAN = 4;

/**
 * Heights of a list's rows by key: measured once a row has been on screen, else the estimate.
 * Keyed, not indexed, so rows inserted at the top (new posts) keep their measurements.
 */
export class RowHeights {
  private readonly measured = new Map<string, number>();
  private keys: readonly string[] = [];
  private offsets = new Float64Array(1);
  private stale = true;

  constructor(readonly estimate: number) {}

  /** Sets the rows, in order. */
  setKeys(keys: readonly string[]): void {
    if (keys === this.keys) return;
    this.keys = keys;
    this.stale = true;
  }

  /** Records a row's measured height; answers the change (0 when none). Zero heights are ignored. */
  measure(key: string, height: number): number {
    if (!(height > 0)) return 0;
    const before = this.measured.get(key) ?? this.estimate;
    if (Math.abs(before - height) < 0.5) {
      this.measured.set(key, height);
      return 0;
    }
    this.measured.set(key, height);
    this.stale = true;
    return height - before;
  }

  /** Height of the row at `index`. */
  heightAt(index: number): number {
    const key = this.keys[index];
    return key === undefined ? 0 : (this.measured.get(key) ?? this.estimate);
  }

  /** Top of the row at `index` (index = count gives the total height). */
  offsetOf(index: number): number {
    this.update();
    return this.offsets[Math.max(0, Math.min(index, this.keys.length))] ?? 0;
  }

  /** Height of all rows. */
  total(): number {
    return this.offsetOf(this.keys.length);
  }

  /** The row at distance `y` from the top of the first row (clamped to the rows that exist). */
  indexAt(y: number): number {
    this.update();
    // Last row whose top is at or above y (the first row when there is none).
    return Math.max(0, partitionPoint(this.keys.length, (i) => (this.offsets[i] ?? 0) <= y) - 1);
  }

  /** Forgets measurements of rows that are gone, so a long session does not keep them all. */
  prune(): void {
    if (this.measured.size <= this.keys.length * 2) return;
    const live = new Set(this.keys);
    for (const key of this.measured.keys()) if (!live.has(key)) this.measured.delete(key);
  }

  private update(): void {
    if (!this.stale) return;
    const count = this.keys.length;
    if (this.offsets.length !== count + 1) this.offsets = new Float64Array(count + 1);
    let y = 0;
    for (let i = 0; i < count; i += 1) {
      this.offsets[i] = y;
      y += this.heightAt(i);
    }
    this.offsets[count] = y;
    this.stale = false;
  }
}

/** Which rows to render: `[start, end)` with overscan, and the rows actually in view. */
export interface RowRange {
  start: number;
  end: number;
  firstVisible: number;
  lastVisible: number;
}

/**
 * The rows that intersect the viewport `[top, top + height)` (in the rows' own coordinates),
 * plus `overscan` rows on each side. An empty list, or a viewport not laid out yet (height 0),
 * renders the first screenful by estimate.
 */
export function rowRange(heights: RowHeights, count: number, top: number, height: number, overscan: number): RowRange {
  if (count === 0) return { start: 0, end: 0, firstVisible: 0, lastVisible: -1 };
  const viewport = height > 0 ? height : heights.estimate * 3;
  const firstVisible = heights.indexAt(Math.max(0, top));
  // The last row whose top is above the viewport's bottom edge.
  const lastVisible = Math.max(firstVisible, heights.indexAt(Math.max(0, top + viewport - 1)));
  return {
    start: Math.max(0, firstVisible - overscan),
    end: Math.min(count, lastVisible + 1 + overscan),
    firstVisible,
    lastVisible,
  };
}
