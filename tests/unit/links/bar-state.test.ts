import { describe, expect, it } from 'vitest';
import { clock, isHeld, isPending, nextCheckDelay, reactionViews, secondsUntil } from '@/lib/links/bar-state';
import { luminance, pageScheme, parseRgb } from '@/lib/links/scheme';

describe('bar state', () => {
  it('shows the newest write of each reaction kind', () => {
    const views = reactionViews({
      postId: 'p_1',
      reactions: [
        { kind: 'well_sourced', status: 'failed', reason: 'Nope' },
        { kind: 'agree', status: 'sent' },
        { kind: 'well_sourced', status: 'waiting', until: 5000 },
      ],
      replies: { pending: 0, sent: 0, failed: 0, uncertain: 0 },
    });
    expect(views.get('well_sourced')).toEqual({ status: 'waiting', until: 5000 });
    expect(views.get('agree')).toEqual({ status: 'sent' });
    expect(views.get('insightful')).toBeUndefined();
  });

  it('follows a pending write soon, then less often, then at its waiting time, then not at all', () => {
    const queued = { status: 'queued' as const };
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => nextCheckDelay(queued, n, 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
    ]);
    expect(nextCheckDelay({ status: 'waiting', until: 30_000 }, 0, 10_000)).toBe(20_500);
    expect(nextCheckDelay({ status: 'waiting', until: 1_000 }, 0, 10_000)).toBe(500);
    // Held for its Undo window: looked at again just after the window ends.
    expect(nextCheckDelay({ status: 'queued', heldUntil: 15_000 }, 3, 10_000)).toBe(5_500);
    expect([
      isHeld({ status: 'queued', heldUntil: 15_000 }, 10_000),
      isHeld({ status: 'queued', heldUntil: 15_000 }, 15_000),
    ]).toEqual([true, false]);
    expect(nextCheckDelay({ status: 'sent' }, 0, 0)).toBeNull();
    expect(nextCheckDelay({ status: 'failed' }, 0, 0)).toBeNull();
    expect(nextCheckDelay(undefined, 0, 0)).toBeNull();
    expect(nextCheckDelay(queued, 40, 0)).toBeNull();
    expect([isPending({ status: 'sending' }), isPending({ status: 'uncertain' })]).toEqual([true, false]);
  });

  it('counts down as a clock', () => {
    expect(secondsUntil(10_001, 0)).toBe(11);
    expect(secondsUntil(0, 5)).toBe(0);
    expect([clock(7), clock(150), clock(3723)]).toEqual(['0:07', '2:30', '1:02:03']);
  });
});

describe('page scheme', () => {
  it('reads computed colours', () => {
    expect(parseRgb('rgb(20, 23, 29)')).toEqual([20, 23, 29]);
    expect(parseRgb('rgba(255, 255, 255, 0.9)')).toEqual([255, 255, 255]);
    expect(parseRgb('rgba(0, 0, 0, 0)')).toBeUndefined();
    expect(parseRgb('rgb(0 0 0 / 10%)')).toBeUndefined();
    expect(parseRgb('transparent')).toBeUndefined();
    expect(luminance([255, 255, 255])).toBeCloseTo(1);
  });

  it('follows what the page paints, then what it declares, then the user', () => {
    const none = { bodyBackground: 'rgba(0, 0, 0, 0)', rootBackground: 'rgba(0, 0, 0, 0)' };
    expect(pageScheme({ ...none, bodyBackground: 'rgb(20, 23, 29)', colorScheme: 'light', prefersDark: false })).toBe(
      'dark',
    );
    expect(pageScheme({ ...none, rootBackground: 'rgb(246, 247, 249)', colorScheme: 'dark', prefersDark: true })).toBe(
      'light',
    );
    expect(pageScheme({ ...none, colorScheme: 'dark', prefersDark: false })).toBe('dark');
    expect(pageScheme({ ...none, colorScheme: 'light dark', prefersDark: true })).toBe('dark');
    expect(pageScheme({ ...none, colorScheme: 'light dark', prefersDark: false })).toBe('light');
    expect(pageScheme({ ...none, colorScheme: 'normal', prefersDark: true })).toBe('light');
  });
});
