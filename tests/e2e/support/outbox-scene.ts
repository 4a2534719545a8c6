import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, configure, listOutbox } from './extension-client';
import { SandboxClient } from './sandbox-client';
import { scaled } from './time';

/** The writes of the scene, as the user made them. */
export const SCENE = {
  sentPost: 'Riverton’s new bus lanes cut the Line 4 commute by six minutes (city transport report, May 2026).',
  secondPost: 'The library’s Saturday hours start at 8 from next month, per the council minutes of 12 March.',
  reply: 'The minutes are on the council site, item 7: the vote was 6 to 3.',
  waitingPost: 'Energy board: 38% of the district’s power came from the river dam last winter.',
  queuedPost: 'School start times move to 8:45 in September; the survey had 1,200 answers.',
  /** A reaction kind the user added on the options page that the platform does not know. */
  unknownKind: { value: 'convincing', label: 'Convincing' },
} as const;

/**
 * Configures the extension against a seeded sandbox (the demo account, key checked) and makes an
 * Outbox with every kind of state: sent posts, an uncertain reply (its answer dropped), a failed
 * reaction (a kind the platform refuses), a post waiting for the rate limit and one queued behind it.
 * Settings get a few extra values so the options page shows them.
 */
export async function stageOutboxScene(page: Page, sandbox: RunningSandbox): Promise<void> {
  const control = new SandboxClient(sandbox.baseUrl);
  await configure(page, sandbox.baseUrl, sandbox.testKey);
  await call(page, 'checkKey');
  await call(page, 'saveSettings', {
    reactionKinds: [
      { value: 'well_sourced', label: 'Well sourced' },
      { value: 'agree', label: 'Agree' },
      SCENE.unknownKind,
    ],
    linkPatterns: ['https://riverton.example/p/{id}'],
    excludedHosts: ['mail.example.com'],
  });
  // A long window: the waiting post stays waiting while the pictures are taken.
  await control.setBudget(sandbox.account, 4, 600);
  const { items } = await call<{ items: { id: string }[] }>(page, 'getTimelinePage', { limit: 3 });
  const [first, second] = items;
  if (first === undefined || second === undefined) throw new Error('The seeded timeline is empty.');

  await call(page, 'enqueueWrite', { kind: 'post', body: SCENE.sentPost });
  await call(page, 'enqueueWrite', { kind: 'post', body: SCENE.secondPost });
  const reaction = await call<{ id: string }>(page, 'enqueueWrite', {
    kind: 'reaction',
    postId: first.id,
    reaction: SCENE.unknownKind.value,
  });
  await expect
    .poll(async () => (await listOutbox(page)).find((item) => item.id === reaction.id)?.state.status, {
      timeout: scaled(20_000),
    })
    .toBe('failed');
  // Replies to that post are written, then the connection drops before the answer: uncertain.
  await control.control('POST', '/faults', {
    dropAfterCommit: true,
    method: 'POST',
    path: `/v1/posts/${second.id}/comments`,
  });
  await call(page, 'enqueueWrite', { kind: 'comment', postId: second.id, body: SCENE.reply });
  await expect
    .poll(async () => (await listOutbox(page)).find((item) => item.request.body === SCENE.reply)?.state.status, {
      timeout: scaled(20_000),
    })
    .toBe('uncertain');
  await control.control('DELETE', '/faults');
  await call(page, 'enqueueWrite', { kind: 'post', body: SCENE.waitingPost });
  await call(page, 'enqueueWrite', { kind: 'post', body: SCENE.queuedPost });
  // The budget is spent by now or by the waiting post: one write waits with a countdown.
  await expect
    .poll(async () => (await listOutbox(page)).some((item) => item.state.status === 'waiting'), {
      timeout: scaled(20_000),
    })
    .toBe(true);
}
