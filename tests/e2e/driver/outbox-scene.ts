import type { SandboxClient } from '../support/sandbox-client';
import { scaled } from '../support/time';
import { listOutbox, newNamedAccount } from './extension';
import type { ExtensionBrowser } from './types';
import { until } from './ui';

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

/** Waits until an Outbox item `matches` is in `status`. */
async function waitForItem(
  ext: ExtensionBrowser,
  matches: (item: { id: string; request: { body?: string } }) => boolean,
  status: string,
): Promise<void> {
  await until(
    async () => ((await listOutbox(ext)).find(matches)?.state.status === status ? true : undefined),
    `an Outbox item ${status}`,
    scaled(20_000),
  );
}

/**
 * A new account of the sandbox (its own budget, so the scene spends nobody else's), the extension
 * configured for it (key checked), and an Outbox with every kind of state: sent posts, an uncertain
 * reply (its answer dropped), a failed reaction (a kind the platform refuses), a post waiting for the
 * rate limit and one queued behind it. Settings get a few extra values so the options page shows them.
 */
export async function stageOutboxScene(
  ext: ExtensionBrowser,
  control: SandboxClient,
): Promise<{ key: string; account: string }> {
  const { key, account } = await newNamedAccount(ext, control);
  await ext.call('saveSettings', {
    reactionKinds: [
      { value: 'well_sourced', label: 'Well sourced' },
      { value: 'agree', label: 'Agree' },
      SCENE.unknownKind,
    ],
    linkPatterns: ['https://riverton.example/p/{id}'],
    excludedHosts: ['mail.example.com'],
  });
  // A long window: the waiting post stays waiting while the pages are audited and pictured.
  await control.setSilentBudget(account, 4, 600);
  const { items } = await ext.call<{ items: { id: string }[] }>('getTimelinePage', { limit: 3 });
  const [first, second] = items;
  if (first === undefined || second === undefined) throw new Error('The seeded timeline is empty.');

  await ext.call('enqueueWrite', { kind: 'post', body: SCENE.sentPost });
  await ext.call('enqueueWrite', { kind: 'post', body: SCENE.secondPost });
  const reaction = await ext.call<{ id: string }>('enqueueWrite', {
    kind: 'reaction',
    postId: first.id,
    reaction: SCENE.unknownKind.value,
  });
  await waitForItem(ext, (item) => item.id === reaction.id, 'failed');
  // Replies to that post are written, then the connection drops before the answer: uncertain.
  await control.control('POST', '/faults', {
    dropAfterCommit: true,
    method: 'POST',
    path: `/v1/posts/${second.id}/comments`,
  });
  await ext.call('enqueueWrite', { kind: 'comment', postId: second.id, body: SCENE.reply });
  await waitForItem(ext, (item) => item.request.body === SCENE.reply, 'uncertain');
  await control.control('DELETE', '/faults');
  await ext.call('enqueueWrite', { kind: 'post', body: SCENE.waitingPost });
  await ext.call('enqueueWrite', { kind: 'post', body: SCENE.queuedPost });
  // The budget is spent by now or by the waiting post: one write waits with a countdown.
  await until(
    async () => ((await listOutbox(ext)).some((item) => item.state.status === 'waiting') ? true : undefined),
    'a write waiting for the rate limit',
    scaled(20_000),
  );
  return { key, account };
}
