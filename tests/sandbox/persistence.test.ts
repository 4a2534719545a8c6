import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/server.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-db-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function timeline(baseUrl: string, key: string, limit = 100) {
  const res = await fetch(`${baseUrl}/v1/timelines/public?limit=${limit}`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return (await res.json()) as { items: { id: string; body: string }[]; nextCursor: string | null };
}

describe('storage', () => {
  it('a file database survives a restart: data, test key, cursors; seeding happens only once', async () => {
    const db = join(dir, 'a.sqlite');
    const first = await startSandbox({ db, seed: true });
    const seeded = await timeline(first.baseUrl, first.testKey);
    expect(seeded.items.length).toBeGreaterThanOrEqual(25);
    const res = await fetch(`${first.baseUrl}/v1/posts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${first.testKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: 'Written before the restart' }),
    });
    const written = (await res.json()) as { id: string };
    const cursor = (await timeline(first.baseUrl, first.testKey, 5)).nextCursor;
    await first.close();

    const second = await startSandbox({ db, seed: true });
    expect(second.testKey).toBe(first.testKey);
    expect(second.account).toBe(first.account);
    const after = await timeline(second.baseUrl, second.testKey);
    expect(after.items[0]?.id).toBe(written.id);
    expect(after.items.length).toBe(seeded.items.length + 1);
    const resumed = await fetch(`${second.baseUrl}/v1/timelines/public?limit=5&cursor=${cursor}`, {
      headers: { Authorization: `Bearer ${second.testKey}` },
    });
    expect(resumed.status).toBe(200);
    await second.close();
  });

  it('generates many synthetic posts in one transaction, and pages them', async () => {
    const sb = await startSandbox({ posts: 20_000 });
    const stats = (await (await fetch(`${sb.baseUrl}/__sandbox/stats`)).json()) as { posts: number };
    expect(stats.posts).toBe(20_000);
    const page = await timeline(sb.baseUrl, sb.testKey, 7);
    expect(page.items).toHaveLength(7);
    expect(page.nextCursor).not.toBeNull();
    await sb.close();
  });

  it('close() is idempotent and frees the port', async () => {
    const sb = await startSandbox();
    await Promise.all([sb.close(), sb.close()]);
    await expect(fetch(`${sb.baseUrl}/v1/me`)).rejects.toThrow();
  });
});
