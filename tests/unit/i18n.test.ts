import { describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';

describe('t', () => {
  it('returns the localised message', () => {
    vi.spyOn(browser.i18n, 'getMessage').mockReturnValue('Debate Companion');
    expect(t('extName')).toBe('Debate Companion');
  });

  it('falls back to the key when the message is missing, so a gap is visible', () => {
    vi.spyOn(browser.i18n, 'getMessage').mockReturnValue('');
    expect(t('optionsTitle')).toBe('optionsTitle');
  });
});
