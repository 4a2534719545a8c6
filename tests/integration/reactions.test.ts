import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestSandbox } from '../sandbox/helpers.js';
import { createRig, drainToIdle, newAccount, type Rig, stats } from './harness';

let sb: TestSandbox;
let rig: Rig;
let accountId: string;
let postId: string;

beforeEach(async () => {
  sb = await TestSandbox.start();
  const { key, account } = await newAccount(sb);
  accountId = account;
  rig = await createRig(sb, { key });
  postId = await sb.post('Something worth reacting to');
});
afterEach(() => sb.close());

const drain = () => drainToIdle(rig.outbox, async () => {});
const budgetUsed = async () =>
  (await sb.control<{ used: number }>('GET', `/budget?account=${encodeURIComponent(accountId)}`)).used;
/** Ids of the reactions the sandbox recorded (from its event log). */
const reactionIds = async () =>
  (await sb.control<{ events: { type: string; data: { id: string } }[] }>('GET', '/events')).events
    .filter((e) => e.type === 'reaction.created')
    .map((e) => e.data.id);

describe('reactions', () => {
  it('double clicks make one reaction: one item, one request, one reaction, one write of budget', async () => {
    const request = { kind: 'reaction', postId, reaction: 'well_sourced' } as const;
    const clicks = await Promise.all([1, 2, 3].map(() => rig.outbox.enqueue(rig.account, request)));
    expect(new Set(clicks.map((item) => item.id)).size).toBe(1);
    await drain();

    const ids = await reactionIds();
    expect(ids).toHaveLength(1);
    expect(rig.outbox.list()).toMatchObject([{ state: { status: 'sent', id: ids[0] } }]);
    expect(rig.recorder.writes()).toHaveLength(1);
    expect(await budgetUsed()).toBe(1);
  });

  it('the same reaction again after it was sent is answered with the existing one and spends nothing', async () => {
    const request = { kind: 'reaction', postId, reaction: 'agree' } as const;
    const first = await rig.outbox.enqueue(rig.account, request);
    await drain();
    const second = await rig.outbox.enqueue(rig.account, request);
    expect(second.id).not.toBe(first.id);
    await drain();

    const [id] = await reactionIds();
    expect(rig.outbox.list().map((item) => item.state)).toMatchObject([
      { status: 'sent', id },
      { status: 'sent', id },
    ]);
    expect(rig.recorder.writes().map((w) => w.status)).toEqual([201, 200]);
    expect(await budgetUsed()).toBe(1);
    expect((await stats(sb)).reactions).toBe(1);
  });

  it('a reaction whose answer was lost is uncertain; Send again is harmless and ends with the one reaction’s id', async () => {
    await sb.control('POST', '/faults', { dropAfterCommit: true, count: 1, method: 'POST', path: '/v1/posts/' });
    const item = await rig.outbox.enqueue(rig.account, { kind: 'reaction', postId, reaction: 'insightful' });
    await drain();
    expect(rig.outbox.get(item.id)?.state.status).toBe('uncertain');
    const ids = await reactionIds();
    expect(ids).toHaveLength(1);

    await rig.outbox.sendAgain(item.id);
    await drain();
    expect(rig.outbox.get(item.id)?.state).toMatchObject({ status: 'sent', id: ids[0] });
    expect(rig.recorder.writes().map((w) => w.status)).toEqual([null, 200]);
    expect((await stats(sb)).reactions).toBe(1);
    expect(await budgetUsed()).toBe(1);
  });
});
