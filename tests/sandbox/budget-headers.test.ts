import { afterEach, describe, expect, it } from 'vitest';
import { type Answer, T0, TestSandbox } from './helpers.js';

let sb: TestSandbox;
afterEach(() => sb.close());

async function start(options: Parameters<typeof TestSandbox.start>[0] = {}): Promise<void> {
  sb = await TestSandbox.start({ budget: { writes: 3, windowSeconds: 60 }, ...options });
}

const write = (body = 'A budget write') => sb.api('POST', '/v1/posts', { body });

/** `RateLimit` parsed into its remaining and t, from `"writes";r=N;t=N`. */
function ietf(answer: Answer): { r: number; t: number } {
  const m = /^"writes";r=(\d+);t=(\d+)$/.exec(answer.headers.get('ratelimit') ?? '');
  if (!m) throw new Error(`no RateLimit field: ${answer.headers.get('ratelimit')}`);
  return { r: Number(m[1]), t: Number(m[2]) };
}

const BUDGET_FIELDS = [
  'ratelimit',
  'ratelimit-policy',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
] as const;
const budgetFields = (answer: Answer) => BUDGET_FIELDS.filter((name) => answer.headers.has(name));

describe('budget headers, ietf (the standard dialect)', () => {
  it('201s count down; the 429 says r=0 and t equal to Retry-After; the fields are exposed', async () => {
    await start();
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const created = await write();
      expect(created.status).toBe(201);
      expect(created.headers.get('ratelimit-policy')).toBe('"writes";q=3;w=60');
      seen.push(ietf(created));
    }
    expect(seen).toEqual([
      { r: 2, t: 60 },
      { r: 1, t: 60 },
      { r: 0, t: 60 },
    ]);
    const refused = await write();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(ietf(refused)).toEqual({ r: 0, t: 60 });
    expect(refused.headers.get('ratelimit-policy')).toBe('"writes";q=3;w=60');
    expect(refused.headers.get('access-control-expose-headers')).toBe('RateLimit, RateLimit-Policy, Retry-After');
    expect(budgetFields(refused)).toEqual(['ratelimit', 'ratelimit-policy']);
  });

  it('t is 0 with nothing used, then the whole seconds until the oldest write leaves (rounded up)', async () => {
    await start();
    const invalid = await sb.api('POST', '/v1/posts', { body: '' });
    expect(invalid.status).toBe(400);
    expect(ietf(invalid)).toEqual({ r: 3, t: 0 });
    await write();
    await sb.advance(12_300);
    expect(ietf(await write())).toEqual({ r: 1, t: 48 }); // 60 − 12.3 = 47.7 → 48
    await write();
    await sb.advance(46_700); // 59 s after the first write
    const refused = await write();
    expect(refused.status).toBe(429);
    expect(ietf(refused)).toEqual({ r: 0, t: 1 });
    expect(refused.headers.get('retry-after')).toBe('1');
    await sb.advance(1_000); // the first write leaves: one slot, and t now counts to the writes at 12.3 s
    const after = await write();
    expect(after.status).toBe(201);
    expect(ietf(after)).toEqual({ r: 0, t: 13 }); // 72.3 − 60 = 12.3 → 13
  });

  it('a repeated reaction (200, free) and a 404 write still announce the budget; reads and 401s do not', async () => {
    await start();
    const postId = await sb.post('target');
    await sb.api('POST', `/v1/posts/${postId}/reactions`, { kind: 'agree' });
    const again = await sb.api('POST', `/v1/posts/${postId}/reactions`, { kind: 'agree' });
    expect(again.status).toBe(200);
    expect(ietf(again)).toEqual({ r: 1, t: 60 });
    const missing = await sb.api('POST', '/v1/posts/p_nothingHere123/comments', { body: 'x' });
    expect(missing.status).toBe(404);
    expect(ietf(missing).r).toBe(1);
    expect(budgetFields(await sb.api('GET', '/v1/me'))).toEqual([]);
    expect(budgetFields(await sb.api('POST', '/v1/posts', { body: 'x' }, null))).toEqual([]);
  });

  it('website form writes spend the same budget the headers announce', async () => {
    await start();
    expect((await sb.form('/posts', { body: 'From the website' })).status).toBe(303);
    expect(ietf(await write())).toEqual({ r: 1, t: 60 });
    expect((await sb.form('/posts', { body: 'Again from the website' })).status).toBe(303);
    const refused = await write();
    expect(refused.status).toBe(429);
    expect(ietf(refused).r).toBe(0);
  });
});

describe('budget headers, x-ratelimit (the snake dialect)', () => {
  it('Limit, Remaining and Reset in epoch seconds; Reset − now equals Retry-After on the 429', async () => {
    await start({ dialect: 'snake' });
    const nowSeconds = T0 / 1000;
    const first = await write();
    expect(first.status).toBe(201);
    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(first.headers.get('x-ratelimit-reset')).toBe(String(nowSeconds + 60));
    await sb.advance(20_500);
    await write();
    const last = await write();
    expect(last.headers.get('x-ratelimit-remaining')).toBe('0');
    const refused = await write();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    // The first write leaves at T0 + 60 s; now is T0 + 20.5 s: Retry-After 40, Reset rounds up to T0 + 61.
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(nowSeconds + 61));
    // Date is on the sandbox clock, so a client can measure the epoch Reset against it.
    expect(refused.headers.get('date')).toBe(new Date(T0 + 20_500).toUTCString());
    expect(budgetFields(refused)).toEqual(['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
    expect(refused.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining');
  });
});

describe('budget headers, none (the resource dialect)', () => {
  it('no budget fields on a 201 or a 429; Retry-After stays', async () => {
    await start({ dialect: 'resource', budget: { writes: 1, windowSeconds: 30 } });
    const created = await write();
    expect(created.status).toBe(201);
    expect(budgetFields(created)).toEqual([]);
    const refused = await write();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(budgetFields(refused)).toEqual([]);
    expect(refused.headers.has('access-control-expose-headers')).toBe(false);
  });
});

describe('choosing the style', () => {
  it('the start option overrides the dialect', async () => {
    await start({ dialect: 'resource', budgetHeaders: 'ietf' });
    expect(ietf(await write())).toEqual({ r: 2, t: 60 });
  });

  it('POST /__sandbox/budget-headers sets a style for every dialect; null returns to each dialect’s own', async () => {
    await start();
    expect(await sb.control('GET', '/budget-headers')).toEqual({
      style: 'ietf',
      override: null,
      dialect: 'standard',
      dialectStyle: 'ietf',
    });
    expect(await sb.control('POST', '/budget-headers', { style: 'none' })).toMatchObject({ style: 'none' });
    expect(budgetFields(await write())).toEqual([]);
    await sb.control('POST', '/dialect', { name: 'snake' });
    expect(budgetFields(await write())).toEqual([]);
    expect(await sb.control('POST', '/budget-headers', { style: null })).toEqual({
      style: 'x-ratelimit',
      override: null,
      dialect: 'snake',
      dialectStyle: 'x-ratelimit',
    });
    expect((await write()).headers.get('x-ratelimit-remaining')).toBe('0');
    const bad = await sb.request('POST', '/__sandbox/budget-headers', {
      body: JSON.stringify({ style: 'github' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
  });
});
