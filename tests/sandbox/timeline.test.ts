import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorBody, TestSandbox } from './helpers.js';

interface Page {
  items: { id: string; body: string }[];
  nextCursor: string | null;
}

let sb: TestSandbox;
beforeAll(async () => {
  sb = await TestSandbox.start({ budget: { writes: 10_000, windowSeconds: 60 } });
});
afterAll(() => sb.close());

const page = (query = '') => sb.api<Page>('GET', `/v1/timelines/public${query}`);

describe('public timeline', () => {
  it('starts empty with a null cursor', async () => {
    const empty = await page();
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual({ items: [], nextCursor: null });
  });

  it('is newest first, 20 by default, at most 100, and null-terminated', async () => {
    await sb.control('POST', '/posts', { count: 130 });
    const first = await page();
    expect(first.json.items).toHaveLength(20);
    const newest = await sb.post('The newest post');
    const again = await page('?limit=3');
    expect(again.json.items.map((p) => p.id)[0]).toBe(newest);
    const max = await page('?limit=100');
    expect(max.json.items).toHaveLength(100);
    expect(max.json.nextCursor).toEqual(expect.any(String));
    const rest = await page(`?limit=100&cursor=${encodeURIComponent(max.json.nextCursor ?? '')}`);
    expect(rest.json.items).toHaveLength(31);
    expect(rest.json.nextCursor).toBeNull();
    // An exact fit also ends with null (no empty trailing page).
    const exact = await page('?limit=100');
    const exactRest = await page(`?limit=31&cursor=${encodeURIComponent(exact.json.nextCursor ?? '')}`);
    expect(exactRest.json.items).toHaveLength(31);
    expect(exactRest.json.nextCursor).toBeNull();
  });

  it('refuses a bad limit with 400 invalid_limit', async () => {
    for (const limit of [
      '0',
      '-1',
      '101',
      '1.5',
      'abc',
      '',
      '1e2',
      ' 5',
      '0x10',
      '5&limit=6',
      '99999999999999999999',
    ]) {
      const answer = await sb.api<ErrorBody>('GET', `/v1/timelines/public?limit=${limit}`);
      expect(answer.status, limit).toBe(400);
      expect(answer.json.error.code).toBe('invalid_limit');
    }
  });

  it('refuses a garbage or tampered cursor with 400 invalid_cursor', async () => {
    const good = (await page('?limit=5')).json.nextCursor ?? '';
    const decoded = Buffer.from(good, 'base64url').toString('utf8');
    const forged = Buffer.from(decoded.replace(/^1\.\d+/, '1.3'), 'utf8').toString('base64url');
    const flipped = good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A');
    const cases = ['garbage', '', '!!!', 'null', forged, flipped, `${good}x`, good.slice(1), 'a'.repeat(5000), '%00'];
    for (const cursor of cases) {
      const answer = await sb.api<ErrorBody>('GET', `/v1/timelines/public?cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status, cursor.slice(0, 40)).toBe(400);
      expect(answer.json.error.code).toBe('invalid_cursor');
    }
    const twice = await sb.api<ErrorBody>(`GET`, `/v1/timelines/public?cursor=${good}&cursor=${good}`);
    expect(twice.status).toBe(400);
    expect((await page(`?cursor=${encodeURIComponent(good)}`)).status).toBe(200);
  });

  it('a walk of 500 posts in pages of 7, with posts created between pages, has no duplicate and no gap', async () => {
    await sb.control('POST', '/reset');
    const created = await sb.control<{ ids: string[] }>('POST', '/posts', { count: 500 });
    const existing = new Set(created.ids);
    const seen: string[] = [];
    const newcomers = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: { status: number; json: Page } = await page(
        `?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.json.items.length).toBeLessThanOrEqual(7);
      seen.push(...answer.json.items.map((p) => p.id));
      cursor = answer.json.nextCursor;
      pages++;
      // New posts arrive between pages, through the API and the bulk control.
      if (pages % 2 === 0) newcomers.add(await sb.post(`Arrived during page ${pages}`));
      else
        for (const id of (await sb.control<{ ids: string[] }>('POST', '/posts', { count: 2 })).ids) newcomers.add(id);
    } while (cursor !== null);
    expect(new Set(seen).size).toBe(seen.length);
    const fromStart = seen.filter((id) => existing.has(id));
    expect(fromStart).toHaveLength(500);
    // Newest first: the bulk ids were created oldest first.
    expect(fromStart).toEqual([...created.ids].reverse());
    expect(seen.some((id) => newcomers.has(id))).toBe(false);
    expect(pages).toBe(Math.ceil(500 / 7));
  });
});
