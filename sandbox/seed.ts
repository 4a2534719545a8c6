import type { Db } from './db.js';
import type { ModerationService } from './moderation.js';
import type { ReactionKind } from './scopes.js';
import { SEED_ACCOUNTS, SEED_POSTS } from './seed-content.js';
import type { AccountStore } from './store/accounts.js';
import type { ContentStore } from './store/content.js';

/** What seeding needs. */
export interface SeedDeps {
  db: Db;
  accounts: AccountStore;
  content: ContentStore;
  moderation: ModerationService;
  demoAccountId: string;
  now: number;
}

/** Whether the database holds no posts yet (seeding only ever fills an empty sandbox). */
export function isEmpty(db: Db): boolean {
  return (db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM posts').get()?.n ?? 0) === 0;
}

/**
 * Demo accounts, posts, comments and reactions, in one transaction. Contributions pass moderation
 * (the demo's `#hold` post stays held) but spend no budget and emit no events: they are history.
 */
export function seedDemoContent(deps: SeedDeps): void {
  const { db, accounts, content, moderation, now } = deps;
  db.transaction(() => {
    const ids = new Map<string, string>([['demo', deps.demoAccountId]]);
    for (const a of SEED_ACCOUNTS) {
      ids.set(a.handle, (accounts.findByHandle(a.handle) ?? accounts.createAccount(a)).id);
    }
    const idOf = (handle: string): string => {
      const id = ids.get(handle);
      if (!id) throw new Error(`seed content names an unknown account: ${handle}`);
      return id;
    };
    for (const post of SEED_POSTS) {
      const at = now - post.hoursAgo * 3_600_000;
      const verdict = moderation.evaluate(post.body);
      const postId = content.insertPost(idOf(post.by), post.body, verdict.state, verdict.reason, at);
      (post.comments ?? []).forEach((comment, i) => {
        const v = moderation.evaluate(comment.body);
        const when = Math.min(now - 60_000, at + (i + 1) * 17 * 60_000);
        content.insertComment(postId, idOf(comment.by), comment.body, v.state, v.reason, when);
      });
      let minutes = 3;
      for (const [kind, handles] of Object.entries(post.reactions ?? {}) as [ReactionKind, string[]][]) {
        for (const handle of handles) {
          minutes += 7;
          content.insertReaction(postId, idOf(handle), kind, Math.min(now - 30_000, at + minutes * 60_000));
        }
      }
    }
  })();
}
