import { normalizeBaseUrl } from '@/lib/base-url';
import type { ReplyData } from '@/lib/messages/protocol';
import { identityItem } from '@/lib/storage/identity';
import { readSettings } from '@/lib/storage/settings';
import type { BackgroundServices } from './services';

/** The status every UI context draws from: key (last 4 only), identity, Outbox summary, pause. */
export type Status = ReplyData<'getStatus'>;

/** Builds the status from the settings, the vault's description of the key and the Outbox. */
export async function statusOf(services: BackgroundServices): Promise<Status> {
  const [{ baseUrl }, key, identity, outbox] = await Promise.all([
    readSettings(),
    services.vault.describe(),
    identityItem.getValue(),
    services.outbox(),
  ]);
  const account = baseUrl === '' ? undefined : normalizeBaseUrl(baseUrl);
  const summary = outbox.summary(account);
  const pause = summary.paused.find((p) => p.account === account);
  const known = identity !== null && identity.baseUrl === account;
  return {
    baseUrl,
    key,
    account: known ? (identity.account ?? null) : null,
    scopes: known ? identity.scopes : null,
    outbox: { counts: summary.counts, pending: summary.pending, worst: summary.worst },
    pause: {
      rateLimitedUntil: pause?.rateLimitedUntil ?? null,
      disabled: pause?.disabled ?? null,
      offlineUntil: pause?.offlineUntil ?? null,
      lostAnswer: pause?.lostAnswer === true,
      drainFailed:
        services.drainFailure === undefined
          ? null
          : { message: services.drainFailure.message.slice(0, 300), retryAt: services.drainFailure.retryAt },
      needsKey: outbox.waitingForKey().map((waiting) => ({
        baseUrl: waiting,
        pending: outbox.summary(waiting).pending,
      })),
    },
  };
}
