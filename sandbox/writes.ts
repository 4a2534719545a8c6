import type { BudgetService, WriteChannel, WriteKind } from './budget.js';
import type { Clock } from './clock.js';
import type { Db } from './db.js';
import type { ModerationService } from './moderation.js';
import type { ReactionKind } from './scopes.js';
import type { ContentStore, PostRow } from './store/content.js';
import type { AuthoredPostRecord, CommentRecord, ReactionRecord } from './store/records.js';
import type { StoredEvent, WebhookService } from './webhooks.js';

/** Why a write did not happen (validation has already passed by the time a write is attempted). */
/** `removed`: the post existed and was taken down (a dialect may answer 410 Gone). */
export type WriteFailure =
  | { kind: 'not_found'; removed?: boolean }
  | { kind: 'rate_limited'; retryAfterSeconds: number };

/** A write's outcome: 201 for a new record, 200 for an existing identical reaction. */
export type WriteResult<T> = { ok: true; status: 200 | 201; record: T } | { ok: false; failure: WriteFailure };

/** Everything a write touches. */
export interface WriteDeps {
  db: Db;
  clock: Clock;
  content: ContentStore;
  budget: BudgetService;
  moderation: ModerationService;
  webhooks: WebhookService;
}

/**
 * The one write path, used by the API and by the website alike, so both pass the same gates:
 * post visibility, the account's budget, moderation, storage and the webhook event, in one transaction.
 */
export class WriteService {
  constructor(private readonly deps: WriteDeps) {}

  /** A post exists for an account when it is published or the account wrote it. */
  visiblePost(postId: string, accountId: string | null): PostRow | undefined {
    const post = this.deps.content.getPost(postId);
    if (!post) return undefined;
    return post.state === 'published' || post.author.id === accountId ? post : undefined;
  }

  createPost(accountId: string, body: string, channel: WriteChannel): WriteResult<AuthoredPostRecord> {
    return this.commit(() => {
      const now = this.deps.clock.now();
      const spent = this.spend(accountId, now, channel, 'post');
      if (spent) return spent;
      const verdict = this.deps.moderation.evaluate(body);
      const id = this.deps.content.insertPost(accountId, body, verdict.state, verdict.reason, now);
      const record = this.deps.content.authoredPost(id);
      if (!record) throw new Error('post vanished inside its own transaction');
      return { record, status: 201, event: this.deps.webhooks.record('post.created', id, record) };
    });
  }

  /** Why a post cannot be written to: unknown, or taken down. */
  private missing(postId: string): WriteFailure {
    const post = this.deps.content.getPost(postId);
    return post?.state === 'rejected' ? { kind: 'not_found', removed: true } : { kind: 'not_found' };
  }

  createComment(accountId: string, postId: string, body: string, channel: WriteChannel): WriteResult<CommentRecord> {
    return this.commit(() => {
      if (!this.visiblePost(postId, accountId)) return this.missing(postId);
      const now = this.deps.clock.now();
      const spent = this.spend(accountId, now, channel, 'comment');
      if (spent) return spent;
      const verdict = this.deps.moderation.evaluate(body);
      const id = this.deps.content.insertComment(postId, accountId, body, verdict.state, verdict.reason, now);
      const record = this.deps.content.getComment(id);
      if (!record) throw new Error('comment vanished inside its own transaction');
      return { record, status: 201, event: this.deps.webhooks.record('comment.created', id, record) };
    });
  }

  createReaction(
    accountId: string,
    postId: string,
    kind: ReactionKind,
    channel: WriteChannel,
  ): WriteResult<ReactionRecord> {
    return this.commit(() => {
      if (!this.visiblePost(postId, accountId)) return this.missing(postId);
      // A repeated identical reaction is answered before the budget: it changes nothing and costs nothing.
      const existing = this.deps.content.findReactionId(postId, accountId, kind);
      if (existing) {
        const record = this.deps.content.getReaction(existing, false);
        if (!record) throw new Error('reaction vanished inside its own transaction');
        return { record, status: 200, event: null };
      }
      const now = this.deps.clock.now();
      const spent = this.spend(accountId, now, channel, 'reaction');
      if (spent) return spent;
      const id = this.deps.content.insertReaction(postId, accountId, kind, now);
      const record = this.deps.content.getReaction(id, true);
      if (!record) throw new Error('reaction vanished inside its own transaction');
      return { record, status: 201, event: this.deps.webhooks.record('reaction.created', id, record) };
    });
  }

  /** Test fixtures: posts created without budget and without events, still moderated. */
  createPostsBulk(items: readonly { accountId: string; body: string }[]): string[] {
    return this.deps.db.transaction(() => {
      const now = this.deps.clock.now();
      return items.map((item) => {
        const verdict = this.deps.moderation.evaluate(item.body);
        return this.deps.content.insertPost(item.accountId, item.body, verdict.state, verdict.reason, now);
      });
    })();
  }

  private spend(accountId: string, now: number, channel: WriteChannel, kind: WriteKind): WriteFailure | null {
    const decision = this.deps.budget.check(accountId, now);
    if (!decision.ok) return { kind: 'rate_limited', retryAfterSeconds: decision.retryAfterSeconds };
    this.deps.budget.spend(accountId, now, channel, kind);
    return null;
  }

  private commit<T>(
    work: () => WriteFailure | { record: T; status: 200 | 201; event: StoredEvent | null },
  ): WriteResult<T> {
    const outcome = this.deps.db.transaction(work)();
    if ('kind' in outcome) return { ok: false, failure: outcome };
    // Delivery starts only once the write is committed, so a receiver never hears of a write that rolled back.
    if (outcome.event) this.deps.webhooks.dispatch(outcome.event);
    return { ok: true, status: outcome.status, record: outcome.record };
  }
}
