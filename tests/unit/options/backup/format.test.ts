import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT,
  backupFileName,
  backupText,
  buildBackup,
  MAX_BACKUP_BYTES,
  parseBackup,
} from '@/entrypoints/options/backup/format';
import { protocol } from '@/lib/messages/protocol';
import { DEFAULT_SETTINGS, settingsSchema } from '@/lib/storage/settings';
import { useEnglishMessages } from '../../support/locale';
import { accountView, CHANGED, errorOf, validSettings } from './fixtures';

const NOW = new Date('2026-11-27T10:00:00.000Z');

/** A good backup's JSON, changed by `edit`. */
function fileWith(edit: (backup: Record<string, unknown>) => void): string {
  const backup = JSON.parse(backupText(buildBackup(CHANGED, [accountView()], NOW))) as Record<string, unknown>;
  edit(backup);
  return JSON.stringify(backup);
}

describe('settings backup file', () => {
  beforeEach(() => useEnglishMessages());

  it('holds every setting but the address, the accounts without their keys, and says so', () => {
    const text = backupText(buildBackup(CHANGED, [accountView({ reserve: 3 })], NOW));
    const file = JSON.parse(text);
    expect(file).toMatchObject({ format: BACKUP_FORMAT, version: 3, exportedAt: NOW.toISOString() });
    expect(file.note).toContain('holds no API key');
    const { baseUrl: _, chosenSites: __, ...rest } = CHANGED;
    expect(file.settings).toEqual(rest);
    expect(file.accounts).toEqual([{ label: 'Main', baseUrl: 'https://debate.example/', reserve: 3, default: true }]);
    expect(text).not.toMatch(/last4|Wxyz|"key"/);
    expect(backupFileName(NOW)).toBe('debate-companion-backup-2026-11-27.json');
  });

  it('carries every field saveSettings takes but the address (a setting added later is backed up too)', () => {
    const saved = Object.keys(protocol.saveSettings.request.shape).filter((key) => key !== 'baseUrl');
    // The sites chosen one by one are this browser's grants: set from the popup (chooseSite), never carried.
    const stored = Object.keys(settingsSchema.shape).filter((key) => key !== 'baseUrl' && key !== 'chosenSites');
    expect(Object.keys(buildBackup(DEFAULT_SETTINGS, [], NOW).settings).sort()).toEqual(saved.sort());
    expect(saved.sort()).toEqual(stored.sort());
  });

  it('reads back exactly what it wrote, for any valid settings and accounts', () => {
    const accounts = fc.array(
      fc.record({
        label: fc.string({ maxLength: 40 }),
        reserve: fc.integer({ min: 0, max: 1000 }),
        isDefault: fc.boolean(),
        baseUrl: fc.domain().map((host) => `https://${host.toLowerCase()}/`),
      }),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(validSettings, accounts, (settings, rows) => {
        const backup = buildBackup(settings, rows.map(accountView), NOW);
        const parsed = parseBackup(backupText(backup));
        expect(parsed).toEqual({ ok: true, backup });
        const { baseUrl: _, chosenSites: __, ...rest } = settings;
        if (parsed.ok) expect(parsed.backup.settings).toEqual(rest);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on any JSON, and accepts none that is not a backup', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        const parsed = parseBackup(text);
        expect(parsed.ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a file that is not JSON, not a backup, or from a newer version', () => {
    expect(errorOf('{"format": "debate')).toBe('This file is not a backup: it is not JSON. Nothing was changed.');
    expect(errorOf('[1, 2]')).toBe('This file is not a Debate Companion backup. Nothing was changed.');
    expect(errorOf(fileWith((b) => Object.assign(b, { format: 'other-app' })))).toContain('not a Debate Companion');
    expect(errorOf(fileWith((b) => Object.assign(b, { version: 4 })))).toContain('made by a newer version');
    expect(errorOf(' '.repeat(MAX_BACKUP_BYTES + 1))).toContain('too large');
  });

  it("gives a version 1 file's English default reaction label the product's words, and keeps a version 2 label", () => {
    const kinds = [
      { value: 'well_sourced', label: 'Well sourced' },
      { value: 'agree', label: 'Agree' },
    ];
    const withKinds = (version: number) =>
      parseBackup(fileWith((b) => Object.assign(b, { version, settings: { reactionKinds: kinds } })));
    const old = withKinds(1);
    expect(old.ok && old.backup.settings.reactionKinds).toEqual([{ value: 'well_sourced' }, kinds[1]]);
    const now = withKinds(2);
    expect(now.ok && now.backup.settings.reactionKinds).toEqual(kinds);
  });

  it('names the field that is wrong', () => {
    const settings = (change: Record<string, unknown>) =>
      fileWith((b) => Object.assign(b.settings as Record<string, unknown>, change));
    expect(errorOf(settings({ keepSent: 5 }))).toBe(
      'This backup cannot be imported: \u201csettings.keepSent\u201d is too small or too short. Nothing was changed.',
    );
    expect(errorOf(settings({ keepSentDays: '7' }))).toContain('\u201csettings.keepSentDays\u201d has the wrong type');
    expect(errorOf(settings({ reactionKinds: [{ value: 'Bad!', label: 'x' }] }))).toContain(
      '\u201csettings.reactionKinds[0].value\u201d is not valid',
    );
    expect(
      errorOf(
        settings({
          reactionKinds: [
            { value: 'a', label: 'A' },
            { value: 'a', label: 'B' },
          ],
        }),
      ),
    ).toContain('\u201csettings.reactionKinds[1].value\u201d names a reaction listed before');
    expect(errorOf(settings({ linkPatterns: ['https://x.example/p/'] }))).toContain(
      '\u201csettings.linkPatterns[0]\u201d',
    );
    expect(errorOf(settings({ excludedHosts: ['Example.COM/path'] }))).toContain(
      '\u201csettings.excludedHosts[0]\u201d',
    );
    expect(errorOf(settings({ excludedHosts: Array(201).fill('a.example') }))).toContain('is too large or too long');
    expect(errorOf(fileWith((b) => delete b.exportedAt))).toContain('\u201cexportedAt\u201d is missing');
    expect(errorOf(fileWith((b) => Object.assign(b, { settings: 'all' })))).toContain('\u201csettings\u201d');
  });

  it('refuses a file that smuggles in an address, a key or anything else it does not know', () => {
    expect(
      errorOf(fileWith((b) => Object.assign(b.settings as object, { baseUrl: 'https://evil.example/' }))),
    ).toContain('\u201csettings.baseUrl\u201d is not a field a backup has');
    const accounts = (change: Record<string, unknown>) =>
      fileWith((b) => Object.assign((b.accounts as Record<string, unknown>[])[0] as object, change));
    expect(errorOf(accounts({ key: 'dcp_secret' }))).toContain('\u201caccounts[0].key\u201d is not a field');
    expect(errorOf(accounts({ baseUrl: 'http://debate.example/' }))).toContain('\u201caccounts[0].baseUrl\u201d');
    expect(errorOf(accounts({ baseUrl: 'javascript:alert(1)' }))).toContain('\u201caccounts[0].baseUrl\u201d');
    expect(errorOf(accounts({ reserve: -1 }))).toContain('\u201caccounts[0].reserve\u201d');
    expect(errorOf(fileWith((b) => Object.assign(b, { apiKey: 'x' })))).toContain('\u201capiKey\u201d is not a field');
    const proto = fileWith(() => undefined).replace('"settings":{', '"settings":{"__proto__":{"keepSent":10},');
    expect(errorOf(proto)).toContain('\u201csettings.__proto__\u201d is not a field');
  });
});
