import { expect, test } from './fixtures';
import { waitFor } from './support/closed-shadow';
import { call, configure, send } from './support/extension-client';
import { startLookAlikeServer } from './support/look-alike-server';
import { SandboxClient } from './support/sandbox-client';

interface StatusView {
  key: { set: boolean; origin?: string | null };
  pause: { disabled: unknown; needsKey?: { baseUrl: string; pending: number }[] };
}

/** Every API request the sandbox logged, oldest first. */
async function sandboxRequests(control: SandboxClient): Promise<{ path: string; keyId: string | null }[]> {
  return (await control.control<{ requests: { path: string; keyId: string | null }[] }>('GET', '/requests')).requests;
}

// Attack 3 of docs/security.md: someone changes the API address (or the user is talked into it).
// The key given for the platform's origin must never reach the new origin, and writes queued for the
// platform must never go out with a key given for another origin.
test('a changed address gets neither the old key nor the writes queued for the old address', async ({
  sandbox,
  extensionPage,
}) => {
  const control = new SandboxClient(sandbox.baseUrl);
  const { key } = await control.newKey(['posts:read', 'posts:write']);
  const page = await extensionPage('options.html');
  await configure(page, sandbox.baseUrl, key);
  // Two writes stay queued for the platform: its key is disabled while they are sent.
  await control.disableKey(key, 'Held for the test');
  await call(page, 'enqueueWrite', { kind: 'post', body: 'Queued for the platform, one.' });
  await call(page, 'enqueueWrite', { kind: 'post', body: 'Queued for the platform, two.' });
  await waitFor(
    async () => ((await call<StatusView>(page, 'getStatus')).pause.disabled ? true : undefined),
    'the pause',
  );
  const platformRequests = (await sandboxRequests(control)).length;

  const lookAlike = await startLookAlikeServer();
  try {
    const moved = await call<{ keyRemovedFor?: string }>(page, 'saveSettings', { baseUrl: lookAlike.origin });
    expect(moved.keyRemovedFor).toBe(new URL(sandbox.baseUrl).origin);
    expect((await call<StatusView>(page, 'getStatus')).key.set).toBe(false);
    // Reads and the key check have no key for the new origin: they fail in words, nothing leaves.
    const read = await send(page, 'getTimelinePage', {});
    expect(read.ok).toBe(false);
    expect((await send(page, 'checkKey')).ok).toBe(false);
    expect(lookAlike.seen).toEqual([]);

    // A key entered for the new address serves that address only.
    const lookKey = 'dcp_look_alike_key_0001';
    await call(page, 'saveKey', { key: lookKey });
    await call(page, 'getTimelinePage', {});
    const needsKey = await waitFor(async () => {
      const waiting = (await call<StatusView>(page, 'getStatus')).pause.needsKey ?? [];
      return waiting.length > 0 ? waiting : undefined;
    }, 'the platform writes waiting for their key');
    expect(needsKey).toEqual([{ baseUrl: `${sandbox.baseUrl}/`, pending: 2 }]);
    expect(lookAlike.seen.length).toBeGreaterThan(0);
    expect(lookAlike.seen.every((request) => request.authorization === `Bearer ${lookKey}`)).toBe(true);

    // A redirect to the platform is not followed: the new key does not reach it either.
    lookAlike.redirectTo(sandbox.baseUrl);
    const redirected = await send(page, 'getTimelinePage', { limit: 7 });
    expect(redirected).toMatchObject({ ok: false, error: { message: expect.stringMatching(/redirect/) } });
    expect(lookAlike.seen.at(-1)?.path).toBe('/v1/timelines/public');

    // The platform heard nothing since the switch: no write, no read, no key of any kind.
    expect((await sandboxRequests(control)).slice(platformRequests)).toEqual([]);
    expect(lookAlike.seen.some((request) => request.authorization?.includes(key))).toBe(false);
    const items = await call<{ items: { state: { status: string } }[] }>(page, 'listOutbox');
    expect(items.items.map((item) => item.state.status)).toEqual(['queued', 'queued']);
  } finally {
    await lookAlike.close();
  }
});
