import { browser } from 'wxt/browser';
import { type ApiClient, createApiClient, DEFAULT_TIMEOUT_MS } from '@/lib/api/client';
import type { Contribution } from '@/lib/api/schemas';
import { createReadWithRetry, Outbox, type ReadWithRetry, TWIN_WINDOW_MS } from '@/lib/queue';
import type { AccountCheck } from '@/lib/storage/account-check';
import { type AccountRecord, accountById, originOf } from '@/lib/storage/accounts';
import { legacyDraftsItem, splitLegacyDrafts } from '@/lib/storage/drafts';
import { identityItem } from '@/lib/storage/identity';
import { KeyVault } from '@/lib/storage/key-vault';
import { migrateToAccounts } from '@/lib/storage/migrate-accounts';
import { migrateFromStorageLocal } from '@/lib/storage/migrate-local';
import { migrateReactionLabels } from '@/lib/storage/migrate-reaction-labels';
import { IdbOutboxStore } from '@/lib/storage/outbox-store';
import { pendingDraftItem } from '@/lib/storage/pending-draft';
import { quickPostDraftItem } from '@/lib/storage/quick-post-draft';
import { settingsItem } from '@/lib/storage/settings';
import { Accounts, checkOutcome } from './accounts';
import { findLandedWith, namesSomeone, sameAuthor } from './find-landed';
import { PagePosts } from './page-posts';
import { seenPost } from './seen-post';
import { writeSender } from './write-sender';

interface Api {
  client: ApiClient;
  read: ReadWithRetry;
}

/**
 * Everything the background holds, created lazily so that listeners can be registered synchronously
 * at the top level while IndexedDB opens. The Outbox's "account" is the id of the account a write
 * was queued for: it is sent to that account's address with that account's key, and waits while
 * none is saved for it. (A write queued for an address the account has since left keeps that old
 * address as its account, and waits until an account for it exists: see `adopt` in handlers.)
 */
export class BackgroundServices {
  readonly vault = new KeyVault();
  /** What earlier versions stored, moved once per worker life before anything reads it. */
  readonly ready: Promise<void> = (async () => {
    await migrateFromStorageLocal([settingsItem, identityItem, legacyDraftsItem, pendingDraftItem, quickPostDraftItem]);
    // Not waited for: pages read both drafts layouts, and nothing the worker does needs the split.
    // A failed split leaves the one-record drafts, still read: never a reason to stop.
    void splitLegacyDrafts().catch((error: unknown) => console.warn('Splitting the drafts record failed', error));
    await migrateToAccounts();
    await migrateReactionLabels();
  })();
  readonly accounts = new Accounts(this.vault, this.ready);
  private outboxOpening: Promise<Outbox> | undefined;
  private readonly apis = new Map<string, Api>();
  /** The posts read so far, by the pages they link to ("This page" in the side panel). */
  readonly pagePosts = new PagePosts(undefined, () => this.options.postsRead?.());

  constructor(
    private readonly options: {
      /** Arms a wake-up before each send (the drain loop's watchdog). */
      beforeSend?: () => Promise<void>;
      /** Posts were read into the "This page" index. */
      postsRead?: () => void;
    } = {},
  ) {}

  /** The Outbox, opened once per worker life (again after a failed opening). */
  outbox(): Promise<Outbox> {
    this.outboxOpening ??= this.ready.then(() =>
      Outbox.open({
        store: new IdbOutboxStore(),
        sender: writeSender(async (account) => (await this.api(account)).client),
        findLanded: findLandedWith((account) => this.api(account)),
        beforeSend: async () => this.options.beforeSend?.(),
        canSend: async (account) => {
          const found = accountById(await this.accounts.book(), account);
          return found !== undefined && (await this.vault.keyFor(found.id, originOf(found))) !== undefined;
        },
        answerDeadlineMs: DEFAULT_TIMEOUT_MS,
        // Writes per window each account keeps free for the website and app (options → Accounts).
        reserveFor: async (account) => accountById(await this.accounts.book(), account)?.reserve ?? 0,
      }),
    );
    // An Outbox that could not open (its data could not be upgraded, a disk error) is tried again
    // on the next call, by the drain's retry: never an empty one in its place.
    this.outboxOpening.catch(() => {
      this.outboxOpening = undefined;
    });
    return this.outboxOpening;
  }

  /**
   * The API client (and its read path with retries) of an Outbox account: an account's id, or the
   * address a write was queued for before its account moved (no key serves it: it only waits).
   */
  async api(account: string): Promise<Api> {
    const found = accountById(await this.accounts.book(), account);
    return this.apiOf(found ?? { id: account, baseUrl: account });
  }

  /** The API client of one account at its current address (a moved account gets a new one). */
  apiOf(account: Pick<AccountRecord, 'id' | 'baseUrl'>): Api {
    const name = `${account.id} ${account.baseUrl}`;
    let api = this.apis.get(name);
    if (api === undefined) {
      const client = createApiClient({
        baseUrl: account.baseUrl,
        getKey: (origin) => this.vault.keyFor(account.id, origin),
      });
      api = { client, read: createReadWithRetry() };
      this.apis.set(name, api);
    }
    return api;
  }

  /**
   * Looks for second copies of recently sent posts among a timeline page the extension read anyway
   * (no request of its own unless the account's id is not known yet): the Outbox item then says
   * "published twice".
   */
  async noteTwins(account: AccountRecord, posts: readonly Contribution[]): Promise<void> {
    const outbox = await this.outbox();
    const now = Date.now();
    const recent = outbox
      .list(account.id)
      .some(
        (item) => item.state.status === 'sent' && item.request.kind === 'post' && now - item.state.at <= TWIN_WINDOW_MS,
      );
    if (!recent) return;
    let me = account.check?.outcome === 'ok' ? (account.check.account ?? undefined) : undefined;
    if (me === undefined) {
      const { client, read } = this.apiOf(account);
      me = (await read('me', () => client.me())).account;
    }
    // A copy is "mine" only by a name the key check gave: with none, nothing is called a twin.
    if (!namesSomeone(me)) return;
    const mine = me;
    await outbox.noteTwins(posts.map(seenPost), account.id, (post) => sameAuthor(post.author, mine));
  }

  /** `GET /v1/me` through the read path of an account (the default when none is named); records the outcome. */
  async checkKey(id?: string): Promise<AccountCheck> {
    const account = await this.accounts.resolve(id);
    const { client, read } = this.apiOf(account);
    let check: AccountCheck;
    try {
      check = checkOutcome({ me: await read('me', () => client.me()) }, Date.now());
    } catch (error) {
      await this.accounts.recordCheck(account.id, checkOutcome({ error }, Date.now())).catch(() => undefined);
      throw error;
    }
    await this.accounts.recordCheck(account.id, check);
    // Budgets are the platform account's: a key of another one starts without the old one's waits.
    const speaker = check.outcome === 'ok' ? check.account?.id : undefined;
    if (speaker !== undefined) await (await this.outbox()).keyActsFor(account.id, speaker);
    return check;
  }
}

/** The extension's own identity, for the message router's sender checks. */
export function extensionIdentity(): { extensionId: string; extensionOrigin: string } {
  return { extensionId: browser.runtime.id, extensionOrigin: browser.runtime.getURL('/') };
}
