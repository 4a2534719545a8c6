import { describe, expect, it } from 'vitest';
import { formatClock, minutesLeft, secondsLeft } from '@/lib/countdown';

describe('countdown arithmetic', () => {
  it('counts a started second as a whole one and never goes below zero', () => {
    expect(secondsLeft(10_000, 3_001)).toBe(7);
    expect(secondsLeft(10_000, 3_000)).toBe(7);
    expect(secondsLeft(10_000, 9_999)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });

  it('formats like a clock', () => {
    expect(formatClock(7)).toBe('0:07');
    expect(formatClock(60)).toBe('1:00');
    expect(formatClock(750)).toBe('12:30');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(-3)).toBe('0:00');
  });

  it('changes the spoken minute only when a whole minute passes', () => {
    expect(minutesLeft(59)).toBe(0);
    expect(minutesLeft(60)).toBe(1);
    expect(minutesLeft(119)).toBe(1);
    expect(minutesLeft(120)).toBe(2);
  });
});
