import { describe, expect, it } from 'vitest';
import { RowHeights, rowRange } from '@/lib/ui/virtual-range';

const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}`);

describe('RowHeights', () => {
  it('places unmeasured rows by the estimate and measured rows by their height', () => {
    const heights = new RowHeights(100);
    heights.setKeys(keys(5));
    expect(heights.total()).toBe(500);
    expect(heights.measure('k1', 40)).toBe(-60);
    expect(heights.offsetOf(2)).toBe(140);
    expect(heights.total()).toBe(440);
    expect(heights.indexAt(139)).toBe(1);
    expect(heights.indexAt(140)).toBe(2);
  });

  it('keeps measurements by key when rows are inserted above', () => {
    const heights = new RowHeights(100);
    heights.setKeys(['a', 'b']);
    heights.measure('b', 30);
    heights.setKeys(['new', 'a', 'b']);
    expect(heights.heightAt(2)).toBe(30);
    expect(heights.total()).toBe(230);
  });

  it('ignores a zero height (a row not laid out) and tiny changes', () => {
    const heights = new RowHeights(100);
    heights.setKeys(['a']);
    expect(heights.measure('a', 0)).toBe(0);
    expect(heights.total()).toBe(100);
    expect(heights.measure('a', 100.2)).toBe(0);
  });
});

describe('rowRange', () => {
  it('renders the visible rows plus overscan on each side', () => {
    const heights = new RowHeights(100);
    heights.setKeys(keys(10_000));
    const range = rowRange(heights, 10_000, 500_000, 600, 4);
    expect(range.firstVisible).toBe(5000);
    expect(range.lastVisible).toBe(5005);
    expect(range.start).toBe(4996);
    expect(range.end).toBe(5010);
  });

  it('clamps at both ends of the list', () => {
    const heights = new RowHeights(100);
    heights.setKeys(keys(10));
    expect(rowRange(heights, 10, 0, 250, 4)).toEqual({ start: 0, end: 7, firstVisible: 0, lastVisible: 2 });
    expect(rowRange(heights, 10, 900, 250, 4)).toMatchObject({ start: 5, end: 10, lastVisible: 9 });
  });

  it('renders a first screenful by estimate before the viewport has a height', () => {
    const heights = new RowHeights(100);
    heights.setKeys(keys(100));
    expect(rowRange(heights, 100, 0, 0, 2)).toEqual({ start: 0, end: 5, firstVisible: 0, lastVisible: 2 });
  });

  it('renders nothing for an empty list', () => {
    expect(rowRange(new RowHeights(100), 0, 0, 600, 4)).toMatchObject({ start: 0, end: 0 });
  });
});
