import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seenPost } from '../../entrypoints/background/seen-post';
import { T0, TestSandbox } from '../sandbox/helpers.js';
import { createRig, drainToIdle, newAccount, type Rig } from './harness';

let sb: TestSandbox;
let rig: Rig;
let key: string;
let accountId: string;

beforeEach(async () => {
  sb = await TestSandbox.start();
  ({ key, account: accountId } = await newAccount(sb));
  rig = await createRig(sb, { key, clock: () => T0 });
});
afterEach(() => sb.close());

/** What the background does with every timeline page it reads for the panel. */
async function readTimelineAsThePanelDoes() {
  const page = await rig.client.timeline({ limit: 50 });
  return rig.outbox.noteTwins(page.items.map(seenPost), rig.account, (post) => post.author?.id === accountId);
}

describe('a post the platform holds twice', () => {
  it('is shown as published twice, with both copies; a post held once never is', async () => {
    const once = await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'Held once, as it should be.' });
    const twice = await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'The browser re-sent this one.' });
    await drainToIdle(rig.outbox, async () => {});
    const first = rig.outbox.get(twice.id)?.state;
    expect(first).toMatchObject({ status: 'sent' });

    // Nothing doubled yet: a page read finds no twin.
    expect(await readTimelineAsThePanelDoes()).toEqual([]);

    // Chromium's own resend below fetch, as the platform sees it: a second insert, same key and body.
    const copy = await sb.api<{ id: string }>('POST', '/v1/posts', { body: 'The browser re-sent this one.' }, key);
    expect(copy.status).toBe(201);
    const changed = await readTimelineAsThePanelDoes();
    expect(changed.map((item) => item.id)).toEqual([twice.id]);
    expect(rig.outbox.get(twice.id)?.state).toMatchObject({
      status: 'sent',
      id: first?.status === 'sent' ? first.id : '',
      twins: [copy.json.id],
    });
    expect(rig.outbox.get(once.id)?.state).not.toHaveProperty('twins');

    // Seen again on the next read: noted once, not twice.
    expect(await readTimelineAsThePanelDoes()).toEqual([]);
  });

  it('two writes of the same text the user queued on purpose are not twins of each other', async () => {
    await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'Same words, twice, on purpose.' });
    await rig.outbox.enqueue(rig.account, { kind: 'post', body: 'Same words, twice, on purpose.' });
    await drainToIdle(rig.outbox, async () => {});
    expect(await readTimelineAsThePanelDoes()).toEqual([]);
    expect(rig.outbox.list().every((item) => item.state.status === 'sent' && item.state.twins === undefined)).toBe(
      true,
    );
  });
});
