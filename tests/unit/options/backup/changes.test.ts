import { beforeEach, describe, expect, it } from 'vitest';
import { describeValue, isEmptyPlan, planImport } from '@/entrypoints/options/backup/changes';
import { buildBackup } from '@/entrypoints/options/backup/format';
import { DEFAULT_SETTINGS } from '@/lib/storage/settings';
import { useEnglishMessages } from '../../support/locale';
import { accountView, CHANGED } from './fixtures';

const NOW = new Date('2026-11-27T10:00:00.000Z');

describe('what an import changes', () => {
  beforeEach(() => useEnglishMessages());

  it('lists and saves only the settings that differ, in words', () => {
    const backup = buildBackup({ ...DEFAULT_SETTINGS, keepSent: 500, decorateAllSites: true }, [], NOW);
    const plan = planImport({ ...DEFAULT_SETTINGS, baseUrl: 'https://debate.example/' }, [], backup);
    expect(plan.patch).toEqual({ keepSent: 500, decorateAllSites: true });
    expect(plan.changes).toEqual([
      { field: 'decorateAllSites', label: 'Decorate post links on all sites', from: 'off', to: 'on' },
      { field: 'keepSent', label: 'Sent writes kept', from: '200', to: '500' },
    ]);
  });

  it('changes nothing when the file matches', () => {
    const accounts = [accountView({ reserve: 2 })];
    const plan = planImport(CHANGED, accounts, buildBackup(CHANGED, accounts, NOW));
    expect(isEmptyPlan(plan)).toBe(true);
    expect(plan.patch).toEqual({});
  });

  it('sets the reserve of the accounts it has, and lists those it lacks to add with their keys', () => {
    const here = [
      accountView({ id: 'acct-a', label: 'Work', reserve: 0 }),
      accountView({ id: 'acct-b', name: 'b.example', label: '', baseUrl: 'https://b.example/', reserve: 1 }),
    ];
    const file = [
      accountView({ label: 'Work', reserve: 5 }),
      // Its label changed since, but it is the only account at that address on both sides.
      accountView({ label: 'Renamed', baseUrl: 'https://b.example/', reserve: 1 }),
      accountView({ label: 'Gone', baseUrl: 'https://c.example/', reserve: 3, isDefault: false }),
    ];
    const plan = planImport(DEFAULT_SETTINGS, here, buildBackup(DEFAULT_SETTINGS, file, NOW));
    expect(plan.reserves).toEqual([{ id: 'acct-a', name: 'Main', from: 0, to: 5 }]);
    expect(plan.missing).toEqual([{ label: 'Gone', baseUrl: 'https://c.example/', reserve: 3, default: false }]);
  });

  it('names a changed setting in words, and cuts long values', () => {
    const backup = buildBackup(DEFAULT_SETTINGS, [], NOW);
    const later = { ...backup, settings: { ...backup.settings, mutedWords: ['spoiler'] } };
    expect(planImport(DEFAULT_SETTINGS, [], later).changes).toEqual([
      { field: 'mutedWords', label: 'Muted words', from: 'none', to: 'spoiler' },
    ]);
    expect(describeValue([{ value: 'agree', label: 'Agree' }])).toBe('Agree (agree)');
    expect(describeValue(['x'.repeat(300)])).toHaveLength(201);
  });
});
