import { accountName } from '@/lib/account-name';
import type { AccountView } from '@/lib/messages/fields';
import type { ReplyData } from '@/lib/messages/protocol';
import type { Outbox } from '@/lib/queue';
import type { AccountPause } from '@/lib/queue/summary';
import { type AccountRecord, addressOf, defaultAccount, originOf } from '@/lib/storage/accounts';
import type { BackgroundServices } from './services';
import type { DrainFailure } from './wake';

/** The status every UI context draws from: accounts (keys: last 4 only), Outbox summary, pauses. */
export type Status = ReplyData<'getStatus'>;

/** An account's pause in the status's words (null: not paused for that reason). */
function pauseView(pause: AccountPause | undefined): AccountView['pause'] {
  return {
    rateLimitedUntil: pause?.rateLimitedUntil ?? null,
    disabled: pause?.disabled ?? null,
    offlineUntil: pause?.offlineUntil ?? null,
    lostAnswer: pause?.lostAnswer === true,
  };
}

/** One account as pages see it. */
async function accountView(
  services: BackgroundServices,
  outbox: Outbox,
  account: AccountRecord,
  isDefault: boolean,
): Promise<AccountView> {
  const [key, summary] = [await services.vault.describe(account.id), outbox.summary(account.id)];
  const pacing = summary.pacing.find((entry) => entry.account === account.id);
  return {
    id: account.id,
    name: accountName(account),
    label: account.label,
    baseUrl: account.baseUrl,
    origin: originOf(account),
    key: { set: key.set, last4: key.last4 },
    check: account.check ?? null,
    reserve: account.reserve,
    isDefault,
    pending: summary.pending,
    pause: pauseView(summary.paused.find((pause) => pause.account === account.id)),
    budget: pacing?.budget ?? null,
    pacedUntil: pacing?.paced?.until ?? null,
  };
}

/** Builds the status from the account book, the vault's description of the keys and the Outbox. */
export async function statusOf(services: BackgroundServices, drainFailure?: DrainFailure): Promise<Status> {
  const [book, outbox] = await Promise.all([services.accounts.book(), services.outbox()]);
  const main = defaultAccount(book);
  const accounts = await Promise.all(
    book.accounts.map((account) => accountView(services, outbox, account, account.id === main?.id)),
  );
  const view = accounts.find((account) => account.isDefault);
  // Counts over every account: the badge and the Outbox tab count all the user's writes.
  const summary = outbox.summary();
  const byId = new Map(book.accounts.map((account) => [account.id, account]));
  return {
    baseUrl: main === undefined ? '' : addressOf(main),
    key: view === undefined ? { set: false, last4: null, origin: null } : { ...view.key, origin: view.origin },
    account: view?.check?.outcome === 'ok' ? view.check.account : null,
    scopes: view?.check?.outcome === 'ok' ? view.check.scopes : null,
    outbox: { counts: summary.counts, pending: summary.pending, worst: summary.worst },
    pause: {
      ...(view?.pause ?? pauseView(undefined)),
      drainFailed:
        drainFailure === undefined
          ? null
          : { message: drainFailure.message.slice(0, 300), retryAt: drainFailure.retryAt },
      // Writes that wait for a key: an account without one, or an address an account has left.
      needsKey: outbox.waitingForKey().map((waiting) => ({
        baseUrl: byId.get(waiting)?.baseUrl ?? waiting,
        pending: outbox.summary(waiting).pending,
      })),
    },
    accounts,
    defaultAccount: main?.id ?? null,
    lastUsed: book.lastUsed,
  };
}
