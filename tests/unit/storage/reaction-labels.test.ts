import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDebateDb, openDebateDb } from '@/lib/storage/db';
import { migrateReactionLabels, REACTION_LABELS_MIGRATED } from '@/lib/storage/migrate-reaction-labels';
import {
  DEFAULT_REACTION_KINDS,
  isReactionKind,
  kindLabel,
  shownKinds,
  withProductLabels,
} from '@/lib/storage/reaction-kinds';
import { DEFAULT_SETTINGS, repairSettings, settingsSchema } from '@/lib/storage/settings';
import { useEnglishMessages, useLocaleMessages } from '../support/locale';

describe("a reaction kind's words: the user's as typed, else the product's in the browser's language", () => {
  beforeEach(() => useEnglishMessages());

  it('stores the default kind without a label, and the schema accepts it', () => {
    expect(DEFAULT_REACTION_KINDS).toEqual([{ value: 'well_sourced' }]);
    expect(settingsSchema.parse(DEFAULT_SETTINGS).reactionKinds).toEqual([{ value: 'well_sourced' }]);
    expect(isReactionKind({ value: 'well_sourced' })).toBe(true);
    expect(isReactionKind({ value: 'well_sourced', label: '' })).toBe(false);
  });

  it("says the product's words for a kind without a label, in the browser's language", () => {
    expect(kindLabel({ value: 'well_sourced' })).toBe('Well sourced');
    useLocaleMessages('de');
    expect(kindLabel({ value: 'well_sourced' })).toBe('Gut belegt');
    useLocaleMessages('fr');
    expect(kindLabel({ value: 'well_sourced' })).toBe('Bien sourcé');
  });

  it('keeps a label the user typed exactly, in any language, even the English default words', () => {
    useLocaleMessages('de');
    expect(kindLabel({ value: 'well_sourced', label: 'Quelle ok' })).toBe('Quelle ok');
    expect(kindLabel({ value: 'well_sourced', label: 'Well sourced' })).toBe('Well sourced');
    expect(shownKinds([{ value: 'well_sourced' }, { value: 'agree', label: 'Agree' }])).toEqual([
      { value: 'well_sourced', label: 'Gut belegt' },
      { value: 'agree', label: 'Agree' },
    ]);
  });

  it('shows the value itself for a kind without a label that the product has no words for', () => {
    expect(kindLabel({ value: 'insightful' })).toBe('insightful');
  });

  it("turns the English default words an earlier version stored into the product's words, nothing else", () => {
    expect(
      withProductLabels([
        { value: 'well_sourced', label: 'Well sourced' },
        { value: 'well_sourced', label: 'well sourced' },
        { value: 'agree', label: 'Well sourced' },
        { value: 'insightful' },
      ]),
    ).toEqual([
      { value: 'well_sourced' },
      { value: 'well_sourced', label: 'well sourced' },
      { value: 'agree', label: 'Well sourced' },
      { value: 'insightful' },
    ]);
  });
});

describe('stored settings of an earlier version get the product words, once', () => {
  let count = 0;
  const names: string[] = [];
  async function freshDb() {
    const name = `reaction-labels-${++count}`;
    names.push(name);
    return { name, db: await openDebateDb(name) };
  }
  afterEach(async () => {
    for (const name of names.splice(0)) await closeDebateDb(name);
  });

  const old = {
    ...DEFAULT_SETTINGS,
    reactionKinds: [
      { value: 'well_sourced', label: 'Well sourced' },
      { value: 'agree', label: 'Agree' },
    ],
  };

  it("drops the stored English default label, keeps the user's, and keeps every other setting", async () => {
    const { name, db } = await freshDb();
    await db.put('prefs', { ...old, keepSent: 500 }, 'settings');
    await migrateReactionLabels(name);
    const settings = repairSettings(await db.get('prefs', 'settings'));
    expect(settings.reactionKinds).toEqual([{ value: 'well_sourced' }, { value: 'agree', label: 'Agree' }]);
    expect(settings.keepSent).toBe(500);
    expect(await db.get('prefs', REACTION_LABELS_MIGRATED)).toBe(true);
  });

  it('runs once: a label typed afterwards stays as typed, even those English words', async () => {
    const { name, db } = await freshDb();
    await db.put('prefs', old, 'settings');
    await migrateReactionLabels(name);
    await db.put('prefs', old, 'settings');
    await migrateReactionLabels(name);
    expect(repairSettings(await db.get('prefs', 'settings')).reactionKinds[0]).toEqual({
      value: 'well_sourced',
      label: 'Well sourced',
    });
  });

  it('stores nothing but its mark when no settings are stored yet (the defaults have no label)', async () => {
    const { name, db } = await freshDb();
    await migrateReactionLabels(name);
    expect(await db.get('prefs', 'settings')).toBeUndefined();
    expect(await db.get('prefs', REACTION_LABELS_MIGRATED)).toBe(true);
  });
});
