import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestSandbox } from '../sandbox/helpers.js';
import { createRig, newAccount, postsBy, Recorder, SandboxClock } from './harness';

/** No jitter in the settle lookup's read retries, so a refused lookup gives up at once. */
const readRetry = { random: () => 0 };
const BODIES = ['Written during the outage 1', 'Written during the outage 2', 'Written during the outage 3'];

let dir: string;
let sb: TestSandbox | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dc-outage-'));
});
afterEach(async () => {
  await sb?.close();
  sb = undefined;
  await rm(dir, { recursive: true, force: true });
});

describe('the platform is down (connection refused)', () => {
  it('nothing is lost or sent twice: once the platform is back, every write lands exactly once, in order', async () => {
    const db = join(dir, 'sandbox.sqlite');
    const up = await TestSandbox.start({ db });
    const { key, account } = await newAccount(up);
    const port = Number(new URL(up.base).port);
    await up.close();

    const clock = new SandboxClock(up);
    const recorder = new Recorder(clock.now);
    const rig = await createRig(up, { key, clock: clock.now, recorder, readRetry });
    for (const body of BODIES) await rig.outbox.enqueue(rig.account, { kind: 'post', body });
    await rig.outbox.drain();
    // Each write is either still queued (known not sent) or uncertain (the user decides): never dropped,
    // never failed, never counted as sent.
    for (const item of rig.outbox.list()) expect(['queued', 'uncertain']).toContain(item.state.status);
    expect(rig.outbox.list()).toHaveLength(3);

    // The platform comes back on the same address with the same data.
    sb = await TestSandbox.start({ db, port });
    for (const item of rig.outbox.list()) {
      if (item.state.status === 'uncertain') await rig.outbox.sendAgain(item.id);
    }
    await rig.outbox.resumeAccount(rig.account);
    expect((await rig.outbox.drain()).nextWakeAt).toBeNull();

    expect((await postsBy(sb, account)).map((p) => p.body)).toEqual(BODIES);
    expect(rig.outbox.list().map((item) => item.state.status)).toEqual(['sent', 'sent', 'sent']);
  });

  // Node's fetch says when no connection was made (cause.code ECONNREFUSED): the write is known not
  // sent, stays queued and the account retries with backoff. (Browsers' fetch does not tell; there
  // the write becomes `uncertain`, as the first test allows.)
  it('connection refused keeps the writes queued, pauses the account and retries with backoff', async () => {
    const up = await TestSandbox.start();
    const { key } = await newAccount(up);
    await up.close();
    const rig = await createRig(up, { key, readRetry });
    for (const body of BODIES) await rig.outbox.enqueue(rig.account, { kind: 'post', body });
    const { nextWakeAt } = await rig.outbox.drain();

    expect(rig.outbox.list().map((item) => item.state.status)).toEqual(['queued', 'queued', 'queued']);
    expect(rig.outbox.list()[0]?.lastError).toMatchObject({ kind: 'network' });
    expect(rig.outbox.summary().paused).toEqual([{ account: rig.account, offlineUntil: expect.any(Number) }]);
    expect(nextWakeAt).not.toBeNull();
    expect(rig.recorder.writes()).toHaveLength(1);
  });
});
