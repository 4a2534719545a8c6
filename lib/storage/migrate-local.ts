import { browser } from 'wxt/browser';
import type { Pref } from './prefs';

/**
 * Moves what earlier versions kept in `storage.local` into the prefs store, once: a value already
 * in the prefs store wins, and every old key is removed from `storage.local` afterwards. Values are
 * parsed by their pref as any stored value is.
 */
export async function migrateFromStorageLocal(prefs: readonly Pref<unknown>[]): Promise<void> {
  const names = prefs.map((pref) => pref.name);
  const old = await browser.storage.local.get(names);
  const present = prefs.filter((pref) => Object.hasOwn(old, pref.name));
  if (present.length === 0) return;
  for (const pref of present) {
    if (!(await pref.hasValue())) await pref.setValue(pref.parse(old[pref.name]));
  }
  await browser.storage.local.remove(present.map((pref) => pref.name));
}
