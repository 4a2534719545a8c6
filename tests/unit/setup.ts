import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { openDebateDb } from '@/lib/storage/db';
import { forgetPrefWatchers } from '@/lib/storage/prefs';

// Settings, identity and drafts live in the extension's IndexedDB (lib/storage/prefs.ts): every
// test starts with none stored, as `fakeBrowser.reset()` gives it an empty `storage.local`.
beforeEach(async () => {
  forgetPrefWatchers();
  const db = await openDebateDb();
  await db.clear('prefs');
  await db.clear('vault');
});
