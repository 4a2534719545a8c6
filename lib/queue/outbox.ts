import type { Random } from './backoff';
import { prunable } from './history';
import { OutboxActionError, type OutboxOptions } from './outbox-options';
import type { PacedHold } from './pacing';
import { pageCapRefusal } from './page-caps';
import { heldReaction, isPendingOrSending, pendingReaction } from './reactions';
import { type OutboxListener, OutboxRecords } from './records';
import { checkSchedule, earlier, earliestScheduled, releaseDue, reschedule, sendNow } from './scheduled';
import { type DrainResult, Scheduler } from './scheduler';
import { claimedIds, settle } from './settle';
import { keyActsFor } from './speaker';
import { type OutboxSummary, summarize } from './summary';
import { noteTwinsIn, type SeenPost } from './twins';
import type { AccountState, Clock, OutboxItem, WriteRequest } from './types';
import { dropUnsent, moveWrites } from './unsent';

/**
 * The durable Outbox of writes: what the background holds. User actions (enqueue, discard, send
 * again, edit and resend) resolve only once durable; `drain` sends; `subscribe` pushes changes.
 */
export class Outbox {
  private readonly clock: Clock;
  private readonly newId: () => string;

  private constructor(
    private readonly records: OutboxRecords,
    private readonly scheduler: Scheduler,
    private readonly options: OutboxOptions,
  ) {
    this.clock = options.clock ?? Date.now;
    this.newId = options.newId ?? (() => crypto.randomUUID());
  }

  /** Loads the Outbox from its store. Call `recoverInterrupted()` (or `drain()`) next. */
  static async open(options: OutboxOptions): Promise<Outbox> {
    const records = await OutboxRecords.load(options.store);
    const random: Random = options.random ?? Math.random;
    const { store: _, clock, newId: __, ...passed } = options;
    const scheduler = new Scheduler({ ...passed, records, clock: clock ?? Date.now, random });
    return new Outbox(records, scheduler, options);
  }

  /**
   * Adds a write at the back of its account's queue and resolves once it is durable. A reaction
   * equal to one still pending (queued, waiting or sending) is not added again: the pending item
   * is returned instead, so double clicks make one reaction. A write `from` a page's site is
   * refused over that site's caps (page-caps.ts), counted in the same step as it is added. With
   * `sendAt` the write waits `scheduled` for that time (scheduled.ts).
   */
  enqueue(
    account: string,
    request: WriteRequest,
    extra: Pick<OutboxItem, 'from' | 'holdUntil'> & { sendAt?: number } = {},
  ): Promise<OutboxItem> {
    return this.records.serial(async () => {
      const now = this.clock();
      if (extra.sendAt !== undefined) checkSchedule(request, extra.sendAt, now);
      const refusal = extra.from === undefined ? undefined : pageCapRefusal(this.records.list(), extra.from, now);
      if (refusal !== undefined) throw new OutboxActionError('not_allowed', refusal);
      const existing = pendingReaction(this.records.list(account), request);
      if (existing !== undefined) return existing;
      const item: OutboxItem = {
        id: this.newId(),
        account,
        seq: this.records.allocateSeq(),
        request: structuredClone(request),
        state: extra.sendAt === undefined ? { status: 'queued' } : { status: 'scheduled', sendAt: extra.sendAt },
        createdAt: now,
        updatedAt: now,
        attempts: 0,
        resends: 0,
        ...(extra.from === undefined ? {} : { from: extra.from }),
        ...(extra.holdUntil === undefined ? {} : { holdUntil: extra.holdUntil }),
      };
      await this.records.insert(item);
      return item;
    });
  }

  /** One item by id. */
  get(id: string): OutboxItem | undefined {
    return this.records.item(id);
  }

  /** Items (of one account when given), oldest first: FIFO order. */
  list(account?: string): OutboxItem[] {
    return this.records.list(account);
  }

  /** An account's stored pause state, if any. */
  accountState(account: string): AccountState | undefined {
    return this.records.account(account);
  }

  /** Removes an item in any state but `sending` (its outcome is not known yet). */
  discard(id: string): Promise<void> {
    return this.records.serial(async () => {
      const item = this.requireItem(id);
      if (item.state.status === 'sending') {
        throw new OutboxActionError('not_allowed', 'This write is being sent; wait for its outcome.');
      }
      await this.records.remove(id);
    });
  }

  /**
   * The user's Undo of a reaction still in its window: removes the held reaction to `postId` made
   * from `from` (the site of the bar that made it; a page may undo only its own). Looked for and
   * removed in one step, so a drain cannot start sending it in between. False when there is none to
   * undo (sent, on its way, or never made from there).
   */
  undoHeldReaction(postId: string, reaction: string, from: string | undefined): Promise<boolean> {
    return this.records.serial(async () => {
      const held = heldReaction(this.records.list(), { postId, reaction, from }, this.clock());
      if (held !== undefined) await this.records.remove(held.id);
      return held !== undefined;
    });
  }

  /**
   * The user's "Send again" on a `failed` or `uncertain` item: it goes to the back of its queue
   * (a new `seq`). An uncertain item is looked for once more first: if its earlier send turns out to
   * have landed it becomes `sent` instead of being sent twice. Already pending: returned as is.
   */
  async sendAgain(id: string): Promise<OutboxItem> {
    const before = this.requireItem(id);
    // Looked up outside the serial chain: a slow lookup must not hold up other user actions.
    const verdict =
      before.state.status === 'uncertain'
        ? await settle(before, before.state.since, this.options.findLanded, claimedIds(this.list(), id))
        : undefined;
    return this.records.serial(async () => {
      const item = this.requireItem(id);
      if (isPendingOrSending(item)) return item;
      if (item.state.status !== 'failed' && item.state.status !== 'uncertain') {
        throw new OutboxActionError('not_allowed', 'Only failed or uncertain writes can be sent again.');
      }
      // Claims may have changed while we looked: take the id only if still nobody else's.
      if (item.state.status === 'uncertain' && verdict?.landed && !claimedIds(this.list(), id).has(verdict.id)) {
        const now = this.clock();
        const sent: OutboxItem = {
          ...item,
          state: { status: 'sent', id: verdict.id, at: now, settled: true },
          updatedAt: now,
        };
        await this.records.update(sent);
        return sent;
      }
      return this.requeue(item, item.request);
    });
  }

  /** The user's "Edit and resend" on a `failed` post or comment: new body, back of the queue. */
  editAndResend(id: string, body: string): Promise<OutboxItem> {
    return this.records.serial(async () => {
      const item = this.requireItem(id);
      if (item.state.status !== 'failed') {
        throw new OutboxActionError('not_allowed', 'Only failed writes can be edited and resent.');
      }
      if (item.request.kind === 'reaction') {
        throw new OutboxActionError('not_allowed', 'A reaction has no text to edit.');
      }
      return this.requeue(item, { ...item.request, body });
    });
  }

  /** The user's Edit of a scheduled write: another time, and for a post or reply, other words. */
  reschedule(id: string, sendAt: number, body?: string): Promise<OutboxItem> {
    return this.records.serial(() => reschedule(this.records, { id, sendAt, body }, this.clock()));
  }

  /** The user's "Send now" on a scheduled write: to the back of its account's queue at once. */
  sendNow(id: string): Promise<OutboxItem> {
    return this.records.serial(() => sendNow(this.records, id, this.clock()));
  }

  /**
   * Bounds the history: removes `sent` items beyond the newest `keep` sent ones or older than
   * `maxAgeMs` at `now`, both (failed and uncertain items wait for the user; pending ones are never
   * touched). Writes sent within `SETTLE_FLOOR_MS` (history.ts) always stay, whatever the bounds: a sent
   * item's id is what stops a later settle from claiming the same contribution twice. Returns how
   * many were removed.
   */
  pruneSent(bound: { keep: number; maxAgeMs: number }, now: number = this.clock()): Promise<number> {
    return this.records.serial(async () => {
      const old = prunable(this.list(), bound, now);
      await this.records.removeMany(old.map((item) => item.id));
      return old.length;
    });
  }

  /**
   * Notes second copies of recently sent posts seen on a timeline page (see `findTwins`): the item
   * then says "published twice" with both links. Never deletes anything. Returns the items changed.
   */
  noteTwins(posts: readonly SeenPost[], account: string, isMine: (post: SeenPost) => boolean): Promise<OutboxItem[]> {
    return this.records.serial(() => noteTwinsIn(this.records, posts, account, isMine, this.clock()));
  }

  /** Sends what may be sent now; one loop per account at a time (see Scheduler.drain). */
  async drain(): Promise<DrainResult> {
    await this.records.serial(() => releaseDue(this.records, this.clock()));
    const result = await this.scheduler.drain();
    return { ...result, nextWakeAt: earlier(result.nextWakeAt, earliestScheduled(this.list())) };
  }

  /** Settles items a stopped worker left `sending`. Call at start-up. */
  recoverInterrupted(): Promise<OutboxItem[]> {
    return this.scheduler.recoverInterrupted();
  }

  /** Lifts a disabled-key or offline pause at once (a 429's time stays). Drain afterwards. */
  resumeAccount(account: string): Promise<void> {
    return this.scheduler.resumeAccount(account);
  }

  /** A key check named the platform account the key acts for: see `speaker.ts`. */
  keyActsFor(account: string, speaker: string): Promise<boolean> {
    return this.records.serial(() => keyActsFor(this.records, account, speaker));
  }

  /** The accounts (API base URLs) whose pending writes wait for a key saved for their address. */
  waitingForKey(): string[] {
    return this.scheduler.waitingForKey();
  }

  /** Back online: writes held for the network may go now (a 429's time and a key's probe stay). */
  resumeOnline(): Promise<void> {
    return this.records.serial(() => this.scheduler.resumeOnline());
  }

  /** When the background should wake the drainer (alarm plus in-memory timer); of one account when given. */
  nextWakeAt(account?: string): number | null {
    return earlier(this.scheduler.nextWakeAt(account), earliestScheduled(this.list(account)));
  }

  /** Counts, worst state, account pauses, budgets and pacing, and next wake-up (of one account when given). */
  summary(account?: string): OutboxSummary {
    const accounts = this.records.listAccounts().filter((state) => account === undefined || state.account === account);
    const paced = new Map<string, PacedHold>();
    for (const state of accounts) {
      const hold = this.scheduler.pacedHold(state.account);
      if (hold !== undefined) paced.set(state.account, hold);
    }
    return summarize(this.list(account), accounts, this.clock(), this.nextWakeAt(account), paced);
  }

  /** Calls `listener` after every durable change; returns the unsubscribe function. */
  subscribe(listener: OutboxListener): () => void {
    return this.records.subscribe(listener);
  }

  /** Moves an account's writes not yet sent to another account (see `moveWrites`). Returns them. */
  reassign(from: string, to: string): Promise<OutboxItem[]> {
    return this.records.serial(() => moveWrites(this.records, from, to, this.clock()));
  }

  /**
   * An account moved from the address `from`: its writes not yet sent stay with that address (they
   * wait for a key given for it, never going to the new one), and writes queued for the new address
   * before any account had it join the account.
   */
  async accountMoved(account: { id: string; baseUrl: string }, from: string): Promise<void> {
    await this.reassign(account.id, from);
    await this.reassign(account.baseUrl, account.id);
  }

  /** Removes an account's writes not yet sent (queued, waiting or scheduled). Returns how many. */
  discardPending(account: string): Promise<number> {
    return this.records.serial(() => dropUnsent(this.records, account));
  }

  private async requeue(item: OutboxItem, request: WriteRequest): Promise<OutboxItem> {
    const now = this.clock();
    const { lastError: _, ...rest } = item;
    const next: OutboxItem = {
      ...rest,
      request,
      seq: this.records.allocateSeq(),
      state: { status: 'queued' },
      resends: item.resends + 1,
      updatedAt: now,
    };
    // Durable before the drainer may see it queued again.
    await this.records.insert(next);
    return next;
  }

  private requireItem(id: string): OutboxItem {
    const item = this.records.item(id);
    if (item === undefined) throw new OutboxActionError('not_found', 'No such write in the Outbox.');
    return item;
  }
}
