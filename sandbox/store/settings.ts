import type { Db } from '../db.js';

/** Names of the rows in `sandbox_settings`. */
export type SettingName =
  /** The demo account's id. */
  | 'demo_account_id'
  /**
   * The CLI's convenience test key, in clear text, so that `npm run sandbox` prints the same key after a
   * restart on the same database. It is a test fixture only: the `keys` table itself keeps hashes.
   */
  | 'cli_test_key_cleartext'
  /** Per-database secret that signs timeline cursors. */
  | 'cursor_secret'
  /** The moderation rules as JSON. */
  | 'moderation_rules';

/** Small key-value store for sandbox-wide settings. */
export class SettingsStore {
  constructor(private readonly db: Db) {}

  get(name: SettingName): string | undefined {
    const row = this.db
      .prepare<[string], { value: string }>('SELECT value FROM sandbox_settings WHERE name = ?')
      .get(name);
    return row?.value;
  }

  set(name: SettingName, value: string): void {
    this.db
      .prepare(
        'INSERT INTO sandbox_settings (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value',
      )
      .run(name, value);
  }

  delete(name: SettingName): void {
    this.db.prepare('DELETE FROM sandbox_settings WHERE name = ?').run(name);
  }
}
