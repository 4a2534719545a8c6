import type { RequestLogEntry } from '../../../sandbox/request-log';

/** Test controls of a running sandbox (`/__sandbox/…`) and a few API reads, from the test's side. */
export class SandboxClient {
  constructor(readonly baseUrl: string) {}

  /** A control call; throws unless it answers 2xx. */
  async control<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/__sandbox${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /__sandbox${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** A new key with these scopes, for a new account unless one is named. */
  newKey(scopes: string[], account?: string): Promise<{ key: string; account: string }> {
    return this.control('POST', '/keys', { scopes, ...(account === undefined ? {} : { account }) });
  }

  setBudget(account: string, writes: number, windowSeconds: number): Promise<unknown> {
    return this.control('POST', '/budget', { account, writes, windowSeconds });
  }

  /**
   * How write answers announce the budget (`none`: only 429 with Retry-After, all the spec
   * promises); `null` gives the dialect's own back. The test fixture gives it back after each test.
   */
  budgetHeaders(style: 'ietf' | 'x-ratelimit' | 'none' | null): Promise<unknown> {
    return this.control('POST', '/budget-headers', { style });
  }

  /**
   * A budget the answers do not announce (429 with Retry-After only, all the spec promises), so
   * writes meet the limit instead of being paced to it. The header style is the sandbox's, for
   * every account: the test fixture gives the dialect's own back after each test.
   */
  async setSilentBudget(account: string, writes: number, windowSeconds: number): Promise<void> {
    await this.budgetHeaders('none');
    await this.setBudget(account, writes, windowSeconds);
  }

  disableKey(key: string, reason: string): Promise<unknown> {
    return this.control('POST', '/keys/disable', { key, reason });
  }

  enableKey(key: string): Promise<unknown> {
    return this.control('POST', '/keys/enable', { key });
  }

  /** Every write request the API answered, oldest first (sandbox request log). */
  async writeLog(account: string): Promise<WriteLogEntry[]> {
    const { requests } = await this.control<{ requests: WriteLogEntry[] }>('GET', '/requests');
    return requests.filter((entry) => entry.account === account && entry.method === 'POST');
  }

  /** Every published post of an account, oldest first, read through the public timeline. */
  async postsOf(key: string, accountId: string): Promise<{ id: string; body: string }[]> {
    const posts: { id: string; body: string }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      const response = await fetch(`${this.baseUrl}/v1/timelines/public?limit=100${query}`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      const page = (await response.json()) as {
        items: { id: string; body: string; author: { id: string } }[];
        nextCursor: string | null;
      };
      for (const item of page.items) if (item.author.id === accountId) posts.push({ id: item.id, body: item.body });
      cursor = page.nextCursor;
    } while (cursor !== null);
    return posts.reverse();
  }

  /** The comments an account has made, read from the sandbox's event log (the API has no comment read). */
  async commentsOf(account: string): Promise<string[]> {
    const { events } = await this.control<{
      events: { type: string; data: { body?: string; author?: { id: string } } }[];
    }>('GET', '/events');
    return events
      .filter((event) => event.type === 'comment.created' && event.data.author?.id === account)
      .map((event) => event.data.body ?? '');
  }
}

/** One API request as the sandbox logged it. */
export type WriteLogEntry = RequestLogEntry;

/** Writes sent while an earlier 429 still forbade them: each 429 at `at` forbids until `at + Retry-After`. */
export function earlySends(log: WriteLogEntry[]): WriteLogEntry[] {
  const early: WriteLogEntry[] = [];
  let forbiddenUntil = 0;
  for (const entry of log) {
    if (entry.at < forbiddenUntil) early.push(entry);
    if (entry.status === 429 && entry.retryAfterSeconds !== null) {
      forbiddenUntil = Math.max(forbiddenUntil, entry.at + entry.retryAfterSeconds * 1000);
    }
  }
  return early;
}
