import { describe, expect, it } from 'vitest';
import { luminance, pageScheme, parseRgb } from '@/lib/links/scheme';

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
