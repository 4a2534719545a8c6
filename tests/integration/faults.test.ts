import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestSandbox } from '../sandbox/helpers.js';
import { createRig, drainToIdle, newAccount, postsBy, type Rig, SandboxClock, stats, statuses } from './harness';

let sb: TestSandbox;
let clock: SandboxClock;
let accountId: string;
let rig: Rig;
/** The sandbox's request log: `METHOD /path status duration`, one line per finished request. */
let serverLog: string[];

beforeEach(async () => {
  serverLog = [];
  sb = await TestSandbox.start({ log: (line) => serverLog.push(line) });
  clock = new SandboxClock(sb);
  const { key, account } = await newAccount(sb);
  accountId = account;
  rig = await createRig(sb, { key, clock: clock.now });
});
afterEach(() => sb.close());

const fault = (body: Record<string, unknown>) => sb.control('POST', '/faults', { count: 1, method: 'POST', ...body });
const drain = () => drainToIdle(rig.outbox, (at) => clock.advanceTo(at));

/** The writes the client sent, as `path status` (status `null`: no answer). */
const writeLog = () => rig.recorder.writes().map((w) => `${w.path} ${w.status}`);

describe('connection dropped after the write was committed', () => {
  it('a comment becomes uncertain (comments cannot be looked up) and the sandbox holds exactly one copy', async () => {
    const postId = await sb.post('A post to reply to');
    await fault({ dropAfterCommit: true, path: `/v1/posts/${postId}/comments` });
    const comment = await rig.outbox.enqueue(rig.account, {
      kind: 'comment',
      postId,
      body: 'Did my reply get through?',
    });
    const after = await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'Behind the uncertain reply' });

    expect(await drain()).toEqual([]);
    expect(rig.outbox.get(comment.id)?.state).toMatchObject({ status: 'uncertain', since: clock.now() });
    expect(rig.outbox.get(comment.id)?.lastError).toMatchObject({ kind: 'network' });
    // Uncertain does not block the queue.
    expect(rig.outbox.get(after.id)?.state.status).toBe('sent');
    expect(rig.outbox.summary()).toMatchObject({ worst: 'uncertain', pending: 0, nextWakeAt: null });

    // Never re-sent without the user: more drains send nothing.
    await rig.outbox.drain();
    expect(writeLog()).toEqual([`/v1/posts/${postId}/comments null`, '/v1/posts 201']);
    expect((await stats(sb)).comments).toBe(1);
    const [post] = (await postsBy(sb, sb.account)).filter((p) => p.id === postId);
    expect(post?.commentCount).toBe(1);
  });

  it('a post settles to sent with the id of the one copy that exists', async () => {
    await fault({ dropAfterCommit: true, path: '/v1/posts' });
    const item = await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'Lost answer, landed post' });
    await drain();

    const landed = await postsBy(sb, accountId);
    expect(landed.map((p) => p.body)).toEqual(['Lost answer, landed post']);
    expect(rig.outbox.get(item.id)?.state).toMatchObject({ status: 'sent', id: landed[0]?.id, settled: true });
    // The lookup read the account and the timeline; the write itself was sent once.
    expect(writeLog()).toEqual(['/v1/posts null']);
    expect(rig.recorder.log.map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /v1/posts',
      'GET /v1/me',
      'GET /v1/timelines/public',
    ]);
    expect((await stats(sb)).posts).toBe(1);
  });

  it('two posts with the same text: the settled one takes the copy no other item owns', async () => {
    const body = 'Same words twice, on purpose';
    const first = await rig.outbox.enqueue(rig.account, { kind: 'post', body });
    await drain();
    await fault({ dropAfterCommit: true, path: '/v1/posts' });
    const second = await rig.outbox.enqueue(rig.account, { kind: 'post', body });
    await drain();

    const landed = await postsBy(sb, accountId);
    expect(landed).toHaveLength(2);
    expect(rig.outbox.get(first.id)?.state).toMatchObject({ status: 'sent', id: landed[0]?.id });
    expect(rig.outbox.get(second.id)?.state).toMatchObject({ status: 'sent', id: landed[1]?.id, settled: true });
    expect(writeLog()).toEqual(['/v1/posts 201', '/v1/posts null']);
  });
  it('a post held by moderation cannot be found: uncertain, although the sandbox holds the one copy', async () => {
    await fault({ dropAfterCommit: true, path: '/v1/posts' });
    const item = await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'Needs a second look #hold' });
    await drain();
    // Absence from the timeline proves nothing: the write landed but is held for review.
    expect(rig.outbox.get(item.id)?.state).toMatchObject({
      status: 'uncertain',
      detail: expect.stringContaining('not_found'),
    });
    expect(await stats(sb)).toMatchObject({ posts: 1, publishedPosts: 0 });
    expect(writeLog()).toEqual(['/v1/posts null']);
  });
});

describe('server errors', () => {
  it('a 500 makes a post uncertain (nothing landed); Send again looks once more, then sends it once', async () => {
    await fault({ status: 500, path: '/v1/posts' });
    const item = await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'Answered with a 500' });
    await drain();

    expect(rig.outbox.get(item.id)?.state.status).toBe('uncertain');
    expect(rig.outbox.get(item.id)?.lastError).toMatchObject({ kind: 'server', status: 500 });
    expect((await stats(sb)).posts).toBe(0);
    await rig.outbox.drain();
    expect(writeLog()).toEqual(['/v1/posts 500']);

    const again = await rig.outbox.sendAgain(item.id);
    expect(again).toMatchObject({ state: { status: 'queued' }, resends: 1 });
    await drain();
    const landed = await postsBy(sb, accountId);
    expect(landed.map((p) => p.body)).toEqual(['Answered with a 500']);
    expect(rig.outbox.get(item.id)?.state).toMatchObject({ status: 'sent', id: landed[0]?.id });
    expect(writeLog()).toEqual(['/v1/posts 500', '/v1/posts 201']);
  });

  it('a 500 on a comment leaves it uncertain and the sandbox without a copy', async () => {
    const postId = await sb.post('Commented with a 500');
    await fault({ status: 500, path: `/v1/posts/${postId}/comments` });
    const item = await rig.outbox.enqueue(rig.account, { kind: 'comment', postId, body: 'Server error reply' });
    await drain();
    expect(rig.outbox.get(item.id)?.state.status).toBe('uncertain');
    expect((await stats(sb)).comments).toBe(0);
  });

  it('a 503 with Retry-After makes the write wait that long, then it lands; nothing is sent before', async () => {
    await fault({ status: 503, retryAfterSeconds: 3, path: '/v1/posts' });
    const start = clock.now();
    const first = await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'Unavailable at first' });
    await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'Held behind it' });

    expect((await rig.outbox.drain()).nextWakeAt).toBe(start + 3000);
    expect(rig.outbox.get(first.id)?.state).toEqual({ status: 'waiting', until: start + 3000 });
    expect(statuses(rig.outbox)).toEqual(['waiting', 'queued']);
    expect(rig.outbox.summary().paused).toEqual([{ account: rig.account, rateLimitedUntil: start + 3000 }]);

    await clock.advanceTo(start + 2999);
    await rig.outbox.drain();
    expect(writeLog()).toEqual(['/v1/posts 503']);

    expect(await drain()).toEqual([start + 3000]);
    expect(writeLog()).toEqual(['/v1/posts 503', '/v1/posts 201', '/v1/posts 201']);
    expect(rig.recorder.writes()[1]?.sentAt).toBe(start + 3000);
    expect((await postsBy(sb, accountId)).map((p) => p.body)).toEqual(['Unavailable at first', 'Held behind it']);
  });
  it('a 503 saying Retry-After: 0 still waits 1 s: no tight retry loop against a persistent fault', async () => {
    await sb.control('POST', '/faults', { status: 503, retryAfterSeconds: 0, method: 'POST', path: '/v1/posts' });
    const start = clock.now();
    await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'Against a persistent 503' });
    expect((await rig.outbox.drain()).nextWakeAt).toBe(start + 1000);
    await clock.advanceTo(start + 1000);
    expect((await rig.outbox.drain()).nextWakeAt).toBe(start + 2000);
    expect(writeLog()).toEqual(['/v1/posts 503', '/v1/posts 503']);

    await sb.control('DELETE', '/faults');
    await drain();
    expect(writeLog()).toEqual(['/v1/posts 503', '/v1/posts 503', '/v1/posts 201']);
    expect((await postsBy(sb, accountId)).map((p) => p.body)).toEqual(['Against a persistent 503']);
  });
});

describe('timeout', () => {
  it('a write whose answer did not come in time is uncertain, never re-sent blindly; Send again ends with one copy', async () => {
    const slow = await createRig(sb, { key: (await newAccount(sb)).key, clock: clock.now, timeoutMs: 100 });
    const me = await slow.client.me();
    await fault({ latencyMs: 300, path: '/v1/posts' });
    const item = await slow.outbox.enqueue(slow.account, { kind: 'post', body: 'Slow server' });
    await slow.outbox.drain();

    expect(slow.outbox.get(item.id)?.state.status).toBe('uncertain');
    expect(slow.outbox.get(item.id)?.lastError).toMatchObject({ kind: 'network' });
    expect(slow.recorder.writes()).toMatchObject([{ path: '/v1/posts', status: null }]);
    // Wait until the sandbox has finished with the request the client gave up on (whatever it did).
    for (let i = 0; i < 200 && !serverLog.some((line) => line.startsWith('POST /v1/posts ')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(serverLog.filter((line) => line.startsWith('POST /v1/posts '))).toHaveLength(1);
    await slow.outbox.drain();
    expect(slow.recorder.writes()).toHaveLength(1);

    // Send again looks once more (the write may have landed meanwhile) and otherwise sends it: one copy either way.
    await slow.outbox.sendAgain(item.id);
    await drain();
    await slow.outbox.drain();
    const landed = await postsBy(sb, me.account?.id ?? '');
    expect(landed.map((p) => p.body)).toEqual(['Slow server']);
    expect(slow.outbox.get(item.id)?.state).toMatchObject({ status: 'sent', id: landed[0]?.id });
    expect((await stats(sb)).posts).toBe(1);
  });
});
