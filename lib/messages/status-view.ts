import { accountName } from '@/lib/account-name';
import type { Outbox } from '@/lib/queue';
import { type AccountPause, summarize } from '@/lib/queue/summary';
import { type AccountBook, type AccountRecord, addressOf, defaultAccount, originOf } from '@/lib/storage/accounts';
import type { KeyDescription } from '@/lib/storage/key-vault';
import type { AccountView } from './fields';
import type { Status } from './status-change';

export type { Status };

/** What the status is made of: the account book, the Outbox, what the vault says of each key, the drain's health. */
export interface StatusSources {
  book: AccountBook;
  /** Undefined when it could not be opened: the status then counts no writes, and the drain's failure says why. */
  outbox: Pick<Outbox, 'summary' | 'waitingForKey'> | undefined;
  /** Per account id (an account missing here has no key). */
  keys: ReadonlyMap<string, KeyDescription>;
  /** The drain's last failure, while it lasts. */
  drainFailure?: { message: string; retryAt: number } | undefined;
}

const NO_KEY: KeyDescription = { set: false, last4: null, origin: null };

/** The Outbox as the status sees one that could not be opened. */
const UNOPENED: Pick<Outbox, 'summary' | 'waitingForKey'> = {
  summary: () => summarize([], [], 0, null),
  waitingForKey: () => [],
};

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
function accountView(sources: StatusSources, account: AccountRecord, isDefault: boolean): AccountView {
  const [key, summary] = [sources.keys.get(account.id) ?? NO_KEY, (sources.outbox ?? UNOPENED).summary(account.id)];
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

/**
 * The status every UI context draws from (accounts, keys by their last 4 only, the Outbox's
 * summary, pauses), made from what it is made of; pure.
 */
export function statusView(sources: StatusSources): Status {
  const { book, drainFailure } = sources;
  const outbox = sources.outbox ?? UNOPENED;
  const main = defaultAccount(book);
  const accounts = book.accounts.map((account) => accountView(sources, account, account.id === main?.id));
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
