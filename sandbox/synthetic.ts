import type { Db } from './db.js';
import { newId } from './ids.js';

const OPENERS = [
  'Bus lanes on the ring road',
  'A four-day school week',
  'Rooftop solar mandates for new homes',
  'Congestion pricing downtown',
  'Later school start times',
  'A municipal heat pump subsidy',
  'Free transit for under-18s',
  'Keeping the coal plant as standby capacity',
  'Year-round school calendars',
  'Protected bike lanes on Main Street',
];
const CLAIMS = [
  'would pay for itself within a decade',
  'helps the people who need it least',
  'has better evidence behind it than critics admit',
  'moves the problem rather than solving it',
  'deserves a one-year pilot before a vote',
  'is popular in surveys but weak in practice',
];
const SOURCES = [
  'the council transit report',
  "last year's utility filing",
  'the district attendance data',
  'a 2024 regional survey',
  'the state energy office dashboard',
  'the independent budget office',
];

/** A plausible post text for synthetic post number `n` (deterministic, varied). */
export function syntheticBody(n: number): string {
  const opener = OPENERS[n % OPENERS.length];
  const claim = CLAIMS[Math.floor(n / OPENERS.length) % CLAIMS.length];
  const source = SOURCES[Math.floor(n / 7) % SOURCES.length];
  return `${opener} ${claim}. See ${source}. (synthetic #${n})`;
}

/**
 * Inserts `count` published posts in one transaction, straight into the table (no moderation, budget or
 * events: benchmark fixtures). Authors rotate over the given accounts; times step back a second each.
 */
export function insertSyntheticPosts(db: Db, accountIds: readonly string[], count: number, now: number): void {
  if (count <= 0 || accountIds.length === 0) return;
  const insert = db.prepare(
    `INSERT INTO posts (id, account_id, body, created_at, moderation_state, moderation_reason)
     VALUES (?, ?, ?, ?, 'published', NULL)`,
  );
  const start = db.prepare<[], { n: number }>('SELECT COALESCE(MAX(seq), 0) AS n FROM posts').get()?.n ?? 0;
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const accountId = accountIds[i % accountIds.length] ?? '';
      insert.run(newId('p'), accountId, syntheticBody(start + i + 1), now - (count - i) * 1000);
    }
  })();
}
