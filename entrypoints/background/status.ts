import { type Status, statusView } from '@/lib/messages/status-view';
import { ledgerItem } from '@/lib/sync/ledger';
import type { BackgroundServices } from './services';
import type { DrainFailure } from './wake';

export type { Status };

/** The status as it is now: the account book, the vault's description of each key and the Outbox. */
export async function statusOf(services: BackgroundServices, drainFailure?: DrainFailure): Promise<Status> {
  // An Outbox that cannot open is no part of the status (the drain's failure says why), never an empty one.
  const [book, outbox] = await Promise.all([services.accounts.book(), services.outbox().catch(() => undefined)]);
  const keys = new Map(
    await Promise.all(
      book.accounts.map(async (account) => [account.id, await services.vault.describe(account.id)] as const),
    ),
  );
  const ledger = await ledgerItem.getValue();
  const sync = {
    on: ledger.on,
    lastAt: ledger.lastAt,
    problems: ledger.problems,
    proposals: ledger.proposals.filter((proposal) => proposal.open),
    applied: ledger.applied,
  };
  return { ...statusView({ book, outbox, keys, drainFailure }), sync };
}
