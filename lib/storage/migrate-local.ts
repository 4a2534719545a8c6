import { browser } from 'wxt/browser';
import { definePref, type Pref } from './prefs';

/**
 * Set once the move below has run: it never runs again. In Firefox a content process can write
 * `storage.local` at any time (there is no `setAccessLevel`); a move at every start would take what
 * it planted there (drafts, a pending draft) into the prefs store at the next browser start.
 */
const movedItem = definePref<boolean>('movedFromStorageLocal', {
  fallback: false,
  parse: (raw) => raw === true,
});

/**
 * Moves what earlier versions kept in `storage.local` into the prefs store, once (the first start of
 * a version that has the prefs store): a value already in the prefs store wins, and every old key is
 * removed from `storage.local` afterwards. Values are parsed by their pref as any stored value is.
 */
export async function migrateFromStorageLocal(prefs: readonly Pref<unknown>[]): Promise<void> {
  if (await movedItem.getValue()) return;
  const names = prefs.map((pref) => pref.name);
  const old = await browser.storage.local.get(names);
  const present = prefs.filter((pref) => Object.hasOwn(old, pref.name));
  for (const pref of present) {
    if (!(await pref.hasValue())) await pref.setValue(pref.parse(old[pref.name]));
  }
  if (present.length > 0) await browser.storage.local.remove(present.map((pref) => pref.name));
  await movedItem.setValue(true);
}
