import { browser } from 'wxt/browser';
import { type ApiClient, createApiClient, DEFAULT_TIMEOUT_MS } from '@/lib/api/client';
import type { Contribution } from '@/lib/api/schemas';
import { normalizeBaseUrl } from '@/lib/base-url';
import { MessageError } from '@/lib/messages/reply';
import { createReadWithRetry, Outbox, type ReadWithRetry, TWIN_WINDOW_MS } from '@/lib/queue';
import { type Identity, identityItem } from '@/lib/storage/identity';
import { KeyVault } from '@/lib/storage/key-vault';
import { IdbOutboxStore } from '@/lib/storage/outbox-store';
import { readSettings } from '@/lib/storage/settings';
import { findLandedWith, namesSomeone, sameAuthor } from './find-landed';
import { seenPost } from './seen-post';
import type { DrainFailure } from './wake';
import { writeSender } from './write-sender';

interface Api {
  client: ApiClient;
  read: ReadWithRetry;
}

/**
 * Everything the background holds, created lazily so that listeners can be registered synchronously
 * at the top level while IndexedDB opens. The Outbox's "account" is the API base URL a write was
 * queued for: it is sent there, and only with the key saved for that origin (it waits otherwise).
 */
export class BackgroundServices {
  readonly vault = new KeyVault();
  private outboxOpening: Promise<Outbox> | undefined;
  private readonly apis = new Map<string, Api>();
  /** Arms a wake-up before each send (set by the background before the Outbox opens). */
  beforeSend: (() => Promise<void>) | undefined;
  /** The drainer's last failure while passes keep failing (the status shows it). */
  drainFailure: DrainFailure | undefined;

  /** The Outbox, opened once per worker life. */
  outbox(): Promise<Outbox> {
    this.outboxOpening ??= Outbox.open({
      store: new IdbOutboxStore(),
      sender: writeSender((account) => this.api(account).client),
      findLanded: findLandedWith((account) => this.api(account)),
      beforeSend: async () => this.beforeSend?.(),
      canSend: async (account) => (await this.vault.keyFor(new URL(account).origin)) !== undefined,
      answerDeadlineMs: DEFAULT_TIMEOUT_MS,
    });
    return this.outboxOpening;
  }

  /** The API client (and its read path with retries) of a base URL; one per base URL. */
  api(baseUrl: string): Api {
    let api = this.apis.get(baseUrl);
    if (api === undefined) {
      const client = createApiClient({ baseUrl, getKey: (origin) => this.vault.keyFor(origin) });
      api = { client, read: createReadWithRetry() };
      this.apis.set(baseUrl, api);
    }
    return api;
  }

  /** The configured base URL, normalized; throws a message the UI can show when none is set. */
  async baseUrl(): Promise<string> {
    const { baseUrl } = await readSettings();
    const normalized = baseUrl === '' ? undefined : normalizeBaseUrl(baseUrl);
    if (normalized === undefined) {
      throw new MessageError('invalid', 'Set the API base URL on the options page first.');
    }
    return normalized;
  }

  /**
   * Looks for second copies of recently sent posts among a timeline page the extension read anyway
   * (no request of its own unless the account's id is not known yet): the Outbox item then says
   * "published twice".
   */
  async noteTwins(baseUrl: string, posts: readonly Contribution[]): Promise<void> {
    const outbox = await this.outbox();
    const now = Date.now();
    const recent = outbox
      .list(baseUrl)
      .some(
        (item) => item.state.status === 'sent' && item.request.kind === 'post' && now - item.state.at <= TWIN_WINDOW_MS,
      );
    if (!recent) return;
    const identity = await identityItem.getValue();
    let account = identity?.baseUrl === baseUrl ? (identity.account ?? undefined) : undefined;
    if (account === undefined) {
      const { client, read } = this.api(baseUrl);
      account = (await read('me', () => client.me())).account;
    }
    // A copy is "mine" only by a name the key check gave: with none, nothing is called a twin.
    if (!namesSomeone(account)) return;
    const me = account;
    await outbox.noteTwins(posts.map(seenPost), baseUrl, (post) => sameAuthor(post.author, me));
  }

  /** `GET /v1/me` through the read path; remembers the identity for the status view. */
  async checkKey(): Promise<Identity> {
    const baseUrl = await this.baseUrl();
    const { client, read } = this.api(baseUrl);
    const me = await read('me', () => client.me());
    const identity: Identity = {
      baseUrl,
      account: me.account ?? null,
      scopes: me.scopes ?? null,
      checkedAt: Date.now(),
    };
    await identityItem.setValue(identity);
    return identity;
  }
}

/** The extension's own identity, for the message router's sender checks. */
export function extensionIdentity(): { extensionId: string; extensionOrigin: string } {
  return { extensionId: browser.runtime.id, extensionOrigin: browser.runtime.getURL('/') };
}
