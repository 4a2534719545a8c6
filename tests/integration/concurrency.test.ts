import { afterEach, describe, expect, it } from 'vitest';
import { TestSandbox } from '../sandbox/helpers.js';
import { createRig, createRigs, drainToIdle, newAccount, postsBy, SandboxClock, statuses } from './harness';

const sandboxes: TestSandbox[] = [];
async function start(options: Parameters<typeof TestSandbox.start>[0] = {}): Promise<TestSandbox> {
  const sb = await TestSandbox.start(options);
  sandboxes.push(sb);
  return sb;
}
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((sb) => sb.close()));
});

describe('one drainer, one write in flight per account', () => {
  it('drains started together (alarm, start-up, a message) never overlap two writes nor send one twice', async () => {
    const sb = await start({ now: Date.now });
    const { key, account } = await newAccount(sb);
    const rig = await createRig(sb, { key });
    await sb.control('POST', '/faults', { latencyMs: 25, method: 'POST', path: '/v1/posts' });

    const bodies = Array.from({ length: 6 }, (_, i) => `Concurrent drains, write ${i + 1}`);
    for (const body of bodies.slice(0, 4)) await rig.outbox.enqueue(rig.account, { kind: 'post', body });
    const drains = [rig.outbox.drain(), rig.outbox.drain(), rig.outbox.drain()];
    // Enqueued while a pass runs: picked up by the follow-up pass, never missed.
    for (const body of bodies.slice(4)) await rig.outbox.enqueue(rig.account, { kind: 'post', body });
    const results = await Promise.all([...drains, rig.outbox.drain()]);
    expect(results.at(-1)?.nextWakeAt).toBeNull();

    const writes = rig.recorder.writes();
    expect(writes).toHaveLength(6);
    for (let i = 1; i < writes.length; i++) {
      expect(writes[i]?.sentAt).toBeGreaterThanOrEqual(writes[i - 1]?.answeredAt ?? Number.POSITIVE_INFINITY);
    }
    expect((await postsBy(sb, account)).map((p) => p.body)).toEqual(bodies);
    expect(statuses(rig.outbox)).toEqual(Array(6).fill('sent'));
  });

  it('a 429 pauses only its own account: writes to another platform go on meanwhile', async () => {
    // A platform that announces no budget: the limited account learns it from the 429.
    const limited = await start({ budgetHeaders: 'none' });
    const other = await start();
    const clock = new SandboxClock(limited);
    const a = await newAccount(limited, { budget: { writes: 1, windowSeconds: 60 } });
    const b = await newAccount(other);
    const { outbox, recorder, clients } = await createRigs(
      [
        { sb: limited, key: a.key },
        { sb: other, key: b.key },
      ],
      { clock: clock.now },
    );
    const [accountA, accountB] = clients.map((c) => c.baseUrl);
    if (accountA === undefined || accountB === undefined) throw new Error('unreachable');
    for (let i = 1; i <= 3; i++) {
      await outbox.enqueue(accountA, { kind: 'post', body: `Limited platform ${i}` });
      await outbox.enqueue(accountB, { kind: 'post', body: `Other platform ${i}` });
    }
    const start0 = clock.now();

    expect((await outbox.drain()).nextWakeAt).toBe(start0 + 60_000);
    expect((await postsBy(other, b.account)).map((p) => p.body)).toEqual([1, 2, 3].map((i) => `Other platform ${i}`));
    expect(outbox.summary().paused).toEqual([{ account: accountA, rateLimitedUntil: start0 + 60_000 }]);
    expect(outbox.summary(accountB)).toMatchObject({ pending: 0, paused: [] });
    const limitedHost = new URL(limited.base).host;
    expect(
      recorder
        .writes()
        .filter((w) => w.host === limitedHost)
        .map((w) => w.status),
    ).toEqual([201, 429]);

    expect(await drainToIdle(outbox, (at) => clock.advanceTo(at))).toEqual([start0 + 60_000, start0 + 120_000]);
    expect((await postsBy(limited, a.account)).map((p) => p.body)).toEqual(
      [1, 2, 3].map((i) => `Limited platform ${i}`),
    );
  });
});
