import { describe, expect, it } from 'vitest';
import { sameAuthor } from '@/entrypoints/background/find-landed';

describe('sameAuthor: the key check’s account in whatever both name it by', () => {
  it('compares ids when both carry one, else handles (any case), else display names', () => {
    expect(sameAuthor({ id: '7', handle: 'zoe' }, { id: '7' })).toBe(true);
    expect(sameAuthor({ id: '8', handle: 'zoe' }, { id: '7', handle: 'zoe' })).toBe(false);
    expect(sameAuthor({ handle: 'Demo' }, { id: 'u_1', handle: 'demo' })).toBe(true);
    expect(sameAuthor({ displayName: 'Dana Demo' }, { displayName: 'Dana Demo', id: 'x' })).toBe(true);
    expect(sameAuthor({ displayName: 'Zoë' }, { handle: 'demo' })).toBe(false);
    expect(sameAuthor(undefined, { handle: 'demo' })).toBe(false);
  });

  it('matches any author when the key check named no account: it still looks (body and time must match)', () => {
    expect(sameAuthor({ handle: 'anyone' }, undefined)).toBe(true);
    expect(sameAuthor(undefined, {})).toBe(true);
  });
});
