import { type Status, statusView } from '@/lib/messages/status-view';
import type { SyncView } from '@/lib/sync/view';
import type { BackgroundServices } from './services';
import type { DrainFailure } from './wake';

export type { Status };

/** The status as it is now: the account book, the vault's description of each key, the Outbox, and sync's view (kept by the sync service). */
export async function statusOf(
  services: BackgroundServices,
  drainFailure?: DrainFailure,
  sync?: SyncView,
): Promise<Status> {
  // An Outbox that cannot open is no part of the status (the drain's failure says why), never an empty one.
  const [book, outbox] = await Promise.all([services.accounts.book(), services.outbox().catch(() => undefined)]);
  const keys = new Map(
    await Promise.all(
      book.accounts.map(async (account) => [account.id, await services.vault.describe(account.id)] as const),
    ),
  );
  const status = statusView({ book, outbox, keys, drainFailure });
  return sync === undefined ? status : { ...status, sync };
}
