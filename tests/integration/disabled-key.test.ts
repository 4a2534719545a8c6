import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestSandbox } from '../sandbox/helpers.js';
import { createRig, drainToIdle, newAccount, postsBy, type Rig, SandboxClock, stats, statuses } from './harness';

const REASON = 'Unusual posting pattern; paused for review';
const BODIES = ['First write behind a disabled key', 'Second write', 'Third write'];

let sb: TestSandbox;
let clock: SandboxClock;
let key: string;
let accountId: string;
let rig: Rig;

beforeEach(async () => {
  sb = await TestSandbox.start();
  clock = new SandboxClock(sb);
  ({ key, account: accountId } = await newAccount(sb));
  rig = await createRig(sb, { key, clock: clock.now, disabledProbe: { baseMs: 1000, capMs: 4000 } });
  for (const body of BODIES) await rig.outbox.enqueue(rig.account, { kind: 'post', body });
  await sb.control('POST', '/keys/disable', { key, reason: REASON });
});
afterEach(() => sb.close());

/** Drains once the key is disabled: one 403, then the queue is paused with the sandbox's reason. */
async function drainIntoPause(): Promise<number> {
  const start = clock.now();
  const { nextWakeAt } = await rig.outbox.drain();
  expect(rig.recorder.writes().map((w) => w.status)).toEqual([403]);
  expect(statuses(rig.outbox)).toEqual(['queued', 'queued', 'queued']);
  expect(rig.outbox.list()[0]?.lastError).toMatchObject({ kind: 'key_disabled', status: 403, reason: REASON });
  const summary = rig.outbox.summary();
  expect(summary.paused).toEqual([{ account: rig.account, disabled: { reason: REASON, nextProbeAt: start + 1000 } }]);
  expect(summary.pending).toBe(3);
  expect(nextWakeAt).toBe(start + 1000);

  // Paused: further drains before the probe time send nothing, not even the items behind the head.
  await rig.outbox.drain();
  await clock.advanceTo(start + 999);
  expect((await rig.outbox.drain()).nextWakeAt).toBe(start + 1000);
  expect(rig.recorder.log).toHaveLength(1);
  expect((await stats(sb)).posts).toBe(0);
  return start;
}

describe('disabled key', () => {
  it('pauses the queue with the reason; enabling the key and resumeAccount let every write land in order', async () => {
    await drainIntoPause();

    await sb.control('POST', '/keys/enable', { key });
    await rig.outbox.resumeAccount(rig.account);
    expect(rig.outbox.summary().paused).toEqual([]);
    expect(await drainToIdle(rig.outbox, (at) => clock.advanceTo(at))).toEqual([]);

    expect(rig.recorder.writes().map((w) => w.status)).toEqual([403, 201, 201, 201]);
    expect((await postsBy(sb, accountId)).map((p) => p.body)).toEqual(BODIES);
    expect(statuses(rig.outbox)).toEqual(['sent', 'sent', 'sent']);
    expect(rig.outbox.list()[0]?.lastError).toBeUndefined();
    expect(rig.outbox.summary()).toMatchObject({ pending: 0, paused: [], nextWakeAt: null });
  });

  it('probes once per backoff window while disabled, then resumes by itself once the key is enabled', async () => {
    const start = await drainIntoPause();

    // The first probe, still disabled: one request, and the next window doubles.
    await clock.advanceTo(start + 1000);
    expect((await rig.outbox.drain()).nextWakeAt).toBe(start + 3000);
    expect(rig.recorder.writes().map((w) => w.status)).toEqual([403, 403]);
    expect(rig.outbox.summary().paused[0]?.disabled).toEqual({ reason: REASON, nextProbeAt: start + 3000 });

    await sb.control('POST', '/keys/enable', { key });
    // Enabled, but no probe is due yet: still nothing is sent.
    await clock.advanceTo(start + 2999);
    await rig.outbox.drain();
    expect(rig.recorder.log).toHaveLength(2);

    // The next probe succeeds and the whole queue drains behind it.
    expect(await drainToIdle(rig.outbox, (at) => clock.advanceTo(at))).toEqual([start + 3000]);
    expect(rig.recorder.writes().map((w) => w.status)).toEqual([403, 403, 201, 201, 201]);
    expect(rig.recorder.writes()[2]?.sentAt).toBe(start + 3000);
    expect((await postsBy(sb, accountId)).map((p) => p.body)).toEqual(BODIES);
    expect(rig.outbox.summary()).toMatchObject({ pending: 0, paused: [], nextWakeAt: null });
  });

  it('a new reason from the sandbox replaces the shown one at the next probe', async () => {
    const start = await drainIntoPause();
    const later = 'Still under review';
    await sb.control('POST', '/keys/disable', { key, reason: later });
    await clock.advanceTo(start + 1000);
    await rig.outbox.drain();
    expect(rig.outbox.summary().paused[0]?.disabled?.reason).toBe(later);
    expect((await stats(sb)).posts).toBe(0);
  });
});
