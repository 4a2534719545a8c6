import { type Status, statusView } from '@/lib/messages/status-view';
import type { BackgroundServices } from './services';
import type { DrainFailure } from './wake';

export type { Status };

/** The status as it is now: the account book, the vault's description of each key and the Outbox. */
export async function statusOf(services: BackgroundServices, drainFailure?: DrainFailure): Promise<Status> {
  const [book, outbox] = await Promise.all([services.accounts.book(), services.outbox()]);
  const keys = new Map(
    await Promise.all(
      book.accounts.map(async (account) => [account.id, await services.vault.describe(account.id)] as const),
    ),
  );
  return statusView({ book, outbox, keys, drainFailure });
}
