import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS, readSettings, repairSettings, updateSettings } from '@/lib/storage/settings';

describe('settings', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('starts from the defaults: no base URL, the Well sourced reaction', async () => {
    expect(await readSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('saves a valid change and reads it back', async () => {
    await updateSettings({ baseUrl: 'http://127.0.0.1:8787' });
    expect((await readSettings()).baseUrl).toBe('http://127.0.0.1:8787');
  });

  it('refuses an invalid change, naming the field, and keeps the old value', async () => {
    await expect(updateSettings({ baseUrl: 'javascript:alert(1)' })).rejects.toThrow(/baseUrl/);
    await expect(updateSettings({ reactionKinds: [{ value: 'Well Sourced!', label: 'x' }] })).rejects.toThrow(
      /reactionKinds/,
    );
    expect(await readSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('repairs a damaged stored value field by field', () => {
    const repaired = repairSettings({ baseUrl: 'https://debate.example', reactionKinds: 'nope', decorateAllSites: 1 });
    expect(repaired).toEqual({ ...DEFAULT_SETTINGS, baseUrl: 'https://debate.example' });
    expect(repairSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('reads a value written directly into storage.local through the same repair', async () => {
    await fakeBrowser.storage.local.set({ settings: { ...DEFAULT_SETTINGS, excludedHosts: [42] } });
    expect((await readSettings()).excludedHosts).toEqual([]);
  });
});
