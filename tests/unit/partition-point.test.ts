import { describe, expect, it } from 'vitest';
import { partitionPoint } from '@/lib/partition-point';

describe('partitionPoint', () => {
  it('finds the first index past the prefix for every split of a list, asking about few indices', () => {
    for (let length = 0; length <= 33; length += 1) {
      for (let split = 0; split <= length; split += 1) {
        const asked: number[] = [];
        const found = partitionPoint(length, (index) => {
          asked.push(index);
          return index < split;
        });
        expect(found).toBe(split);
        expect(asked.every((index) => index >= 0 && index < length)).toBe(true);
        expect(asked.length).toBeLessThanOrEqual(Math.ceil(Math.log2(length + 1)));
      }
    }
  });
});
