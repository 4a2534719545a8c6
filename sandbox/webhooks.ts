import { createHmac } from 'node:crypto';
import type { Clock } from './clock.js';
import type { Db } from './db.js';
import { newId } from './ids.js';
import { isoTime } from './store/records.js';

/** Event names, one per kind of write. */
export type EventType = 'post.created' | 'comment.created' | 'reaction.created';

/** A stored event: `payload` is the exact JSON text every delivery sends. */
export interface StoredEvent {
  id: string;
  type: EventType;
  contributionId: string;
  payload: string;
}

/** A registered receiver. The secret is kept: the sandbox needs it to sign. */
export interface Subscription {
  id: string;
  url: string;
  createdAt: string;
}

/** One logged delivery attempt. */
export interface DeliveryAttempt {
  deliveryId: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  contributionId: string;
  url: string;
  attempt: number;
  status: number | null;
  ok: boolean;
  error: string | null;
  at: string;
  durationMs: number;
  nextAttemptAt: string | null;
}

interface Job {
  deliveryId: string;
  webhook: { id: string; url: string; secret: string };
  event: StoredEvent;
}

/** Delivery settings. */
export interface WebhookOptions {
  baseDelayMs: number;
  maxAttempts: number;
  timeoutMs: number;
  log: (line: string) => void;
}

/** `sha256=<hex HMAC-SHA256(raw body, secret)>`, the `X-Debate-Signature` header value. */
export function signPayload(payload: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(payload, 'utf8').digest('hex')}`;
}

/**
 * Webhook events: recorded in the same transaction as the write that caused them, then delivered by
 * POST to every subscription with exponential backoff (base, 2×base, 4×base, …), every attempt logged.
 */
export class WebhookService {
  private readonly timers = new Set<NodeJS.Timeout>();
  private abort = new AbortController();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: WebhookOptions,
  ) {}

  subscribe(url: string, secret: string): Subscription {
    const id = newId('wh');
    const now = this.clock.now();
    this.db.prepare('INSERT INTO webhooks (id, url, secret, created_at) VALUES (?, ?, ?, ?)').run(id, url, secret, now);
    return { id, url, createdAt: isoTime(now) };
  }

  list(): Subscription[] {
    return this.db
      .prepare<[], { id: string; url: string; created_at: number }>(
        'SELECT id, url, created_at FROM webhooks ORDER BY created_at, id',
      )
      .all()
      .map((r) => ({ id: r.id, url: r.url, createdAt: isoTime(r.created_at) }));
  }

  /** Removes a subscription; false when there was none. */
  remove(id: string): boolean {
    return this.db.prepare('DELETE FROM webhooks WHERE id = ?').run(id).changes > 0;
  }

  /** Stores an event; call inside the write's transaction, then `dispatch` after it commits. */
  record(type: EventType, contributionId: string, data: unknown): StoredEvent {
    const id = newId('evt');
    const now = this.clock.now();
    const payload = JSON.stringify({ id, type, createdAt: isoTime(now), data });
    this.db
      .prepare('INSERT INTO events (id, type, contribution_id, payload, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(id, type, contributionId, payload, now);
    return { id, type, contributionId, payload };
  }

  /** Starts delivering an event to every current subscription. */
  dispatch(event: StoredEvent): void {
    if (this.closed) return;
    const hooks = this.db
      .prepare<[], { id: string; url: string; secret: string }>('SELECT id, url, secret FROM webhooks')
      .all();
    for (const webhook of hooks) this.run({ deliveryId: newId('dlv'), webhook, event }, 1);
  }

  /** Every event ever recorded, oldest first (parsed payloads). */
  events(): unknown[] {
    return this.db
      .prepare<[], { payload: string }>('SELECT payload FROM events ORDER BY seq')
      .all()
      .map((r) => JSON.parse(r.payload) as unknown);
  }

  deliveries(): DeliveryAttempt[] {
    return this.db
      .prepare<
        [],
        {
          delivery_id: string;
          webhook_id: string;
          event_id: string;
          type: string | null;
          contribution_id: string | null;
          url: string;
          attempt: number;
          status: number | null;
          ok: number;
          error: string | null;
          at: number;
          duration_ms: number;
          next_attempt_at: number | null;
        }
      >(
        `SELECT a.*, e.type, e.contribution_id FROM webhook_attempts a LEFT JOIN events e ON e.id = a.event_id
         ORDER BY a.seq`,
      )
      .all()
      .map((r) => ({
        deliveryId: r.delivery_id,
        webhookId: r.webhook_id,
        eventId: r.event_id,
        eventType: r.type ?? '',
        contributionId: r.contribution_id ?? '',
        url: r.url,
        attempt: r.attempt,
        status: r.status,
        ok: r.ok === 1,
        error: r.error,
        at: isoTime(r.at),
        durationMs: r.duration_ms,
        nextAttemptAt: r.next_attempt_at === null ? null : isoTime(r.next_attempt_at),
      }));
  }

  /** Drops pending retries and in-flight deliveries (reset). */
  cancelPending(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.abort.abort();
    this.abort = new AbortController();
  }

  close(): void {
    this.closed = true;
    this.cancelPending();
  }

  /** Starts an attempt; a failure of the sandbox itself is logged, never left as an unhandled rejection. */
  private run(job: Job, n: number): void {
    this.attempt(job, n).catch((e: unknown) => {
      if (!this.closed) this.options.log(`webhook delivery ${job.deliveryId} failed in the sandbox: ${String(e)}`);
    });
  }

  private async attempt(job: Job, n: number): Promise<void> {
    const { webhook, event } = job;
    const started = Date.now();
    const signal = this.abort.signal;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(webhook.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'DebatePlatformSandbox-Webhooks/1',
          'X-Debate-Event': event.type,
          'X-Debate-Delivery': job.deliveryId,
          'X-Debate-Signature': signPayload(event.payload, webhook.secret),
        },
        body: event.payload,
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.options.timeoutMs)]),
      });
      status = res.status;
      await res.body?.cancel().catch(() => undefined);
    } catch (e) {
      error = e instanceof Error ? describeFetchError(e) : String(e);
    }
    // Reset or shutdown happened meanwhile: this attempt belongs to a world that no longer exists.
    if (this.closed || signal.aborted) return;
    const ok = status !== null && status >= 200 && status < 300;
    const final = ok || n >= this.options.maxAttempts;
    const delay = this.options.baseDelayMs * 2 ** (n - 1);
    const now = this.clock.now();
    this.db
      .prepare(
        `INSERT INTO webhook_attempts (delivery_id, webhook_id, event_id, attempt, url, status, ok, error, at, duration_ms, next_attempt_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        job.deliveryId,
        webhook.id,
        event.id,
        n,
        webhook.url,
        status,
        ok ? 1 : 0,
        error,
        now,
        Date.now() - started,
        final ? null : now + delay,
      );
    this.options.log(
      `webhook ${event.type} ${event.id} → ${webhook.url} attempt ${n}: ${status ?? error}${final ? '' : `, retry in ${delay} ms`}`,
    );
    if (final) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.run(job, n + 1);
    }, delay);
    this.timers.add(timer);
  }
}

function describeFetchError(e: Error): string {
  const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
  return `${e.message}${cause}`;
}
