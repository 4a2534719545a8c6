import { DB_NAME, openDebateDb } from './db';
import { PREFS_STORE } from './prefs';
import { withProductLabels } from './reaction-kinds';
import { repairSettings } from './settings';

/** Set once the stored reaction kinds were given the product's words (so it happens once, never again). */
export const REACTION_LABELS_MIGRATED = 'reactionLabelsMigrated';

/**
 * Earlier versions stored the default reaction kind with its English label ("Well sourced"), which
 * then showed in English in every language. Once, before anything reads the settings: a stored kind
 * whose label is exactly those English words gets none, and says the product's words in the
 * browser's language from then on. Settings and the mark are written in one transaction; afterwards
 * a label the user types is kept as typed, even those words.
 */
export async function migrateReactionLabels(dbName: string = DB_NAME): Promise<void> {
  const db = await openDebateDb(dbName);
  const tx = db.transaction('prefs', 'readwrite');
  const prefs = tx.objectStore(PREFS_STORE);
  if ((await prefs.get(REACTION_LABELS_MIGRATED)) === true) {
    await tx.done;
    return;
  }
  const raw: unknown = await prefs.get('settings');
  if (raw !== undefined) {
    const settings = repairSettings(raw);
    const reactionKinds = withProductLabels(settings.reactionKinds);
    if (reactionKinds.some((kind, index) => kind !== settings.reactionKinds[index])) {
      await prefs.put({ ...settings, reactionKinds }, 'settings');
    }
  }
  await prefs.put(true, REACTION_LABELS_MIGRATED);
  await tx.done;
}
