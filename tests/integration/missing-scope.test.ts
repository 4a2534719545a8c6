import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestSandbox } from '../sandbox/helpers.js';
import { createRig, drainToIdle, newAccount, postsBy, stats, statuses } from './harness';

let sb: TestSandbox;
beforeEach(async () => {
  sb = await TestSandbox.start();
});
afterEach(() => sb.close());

describe('missing scope', () => {
  it('fails the reaction naming reactions:write; the post queued after it still lands', async () => {
    const { key, account } = await newAccount(sb, { scopes: ['posts:read', 'posts:write'] });
    const target = await sb.post('A post to react to');
    const rig = await createRig(sb, { key });

    const reaction = await rig.outbox.enqueue(rig.account, { kind: 'reaction', postId: target, reaction: 'agree' });
    const post = await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'Posted after the refused reaction' });
    expect(await drainToIdle(rig.outbox, async () => {})).toEqual([]);

    const failed = rig.outbox.get(reaction.id);
    expect(failed?.state).toMatchObject({
      status: 'failed',
      reason: { kind: 'forbidden_scope', status: 403, scope: 'reactions:write' },
    });
    if (failed?.state.status !== 'failed') throw new Error('not failed');
    expect(failed.state.reason.message).toContain('reactions:write');

    const sent = rig.outbox.get(post.id);
    expect(sent?.state.status).toBe('sent');
    const landed = await postsBy(sb, account);
    expect(landed.map((p) => p.body)).toEqual(['Posted after the refused reaction']);
    if (sent?.state.status === 'sent') expect(sent.state.id).toBe(landed[0]?.id);

    // A scope refusal is about one write, not the account: nothing is paused, nothing is retried.
    expect(rig.outbox.summary()).toMatchObject({ paused: [], pending: 0, worst: 'failed', nextWakeAt: null });
    await rig.outbox.drain();
    expect(rig.recorder.writes().map((w) => `${w.path} ${w.status}`)).toEqual([
      `/v1/posts/${target}/reactions 403`,
      '/v1/posts 201',
    ]);
    expect((await stats(sb)).reactions).toBe(0);
  });

  it('a comment with a key lacking posts:write fails naming it; the reaction behind it lands', async () => {
    const { key } = await newAccount(sb, { scopes: ['reactions:write'] });
    const target = await sb.post('Reactable');
    const rig = await createRig(sb, { key });
    await rig.outbox.enqueue(rig.account, { kind: 'comment', postId: target, body: 'Cannot write this' });
    await rig.outbox.enqueue(rig.account, { kind: 'reaction', postId: target, reaction: 'insightful' });
    await drainToIdle(rig.outbox, async () => {});

    expect(statuses(rig.outbox)).toEqual(['failed', 'sent']);
    expect(rig.outbox.list()[0]?.state).toMatchObject({ reason: { kind: 'forbidden_scope', scope: 'posts:write' } });
    expect(rig.outbox.list()[1]?.state).toMatchObject({ status: 'sent', id: expect.stringMatching(/^r_/) });
    expect(await stats(sb)).toMatchObject({ comments: 0, reactions: 1 });
  });
});
