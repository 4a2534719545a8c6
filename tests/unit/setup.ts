import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { openDebateDb } from '@/lib/storage/db';
import { forgetPrefWatchers } from '@/lib/storage/prefs';

// Settings, identity and drafts live in the extension's IndexedDB (lib/storage/prefs.ts): every
// test starts with none stored (nor any key or Outbox item), as `fakeBrowser.reset()` gives it an empty `storage.local`.
beforeEach(async () => {
  forgetPrefWatchers();
  const db = await openDebateDb();
  for (const store of ['prefs', 'vault', 'outbox', 'accounts'] as const) await db.clear(store);
});
