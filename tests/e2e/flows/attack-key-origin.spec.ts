import { configure, listOutbox } from '../driver/extension';
import { expect, test } from '../driver/test';
import { until } from '../driver/ui';
import { startLookAlikeServer } from '../support/look-alike-server';
import type { SandboxClient } from '../support/sandbox-client';

// Attack 3 of docs/security.md: someone changes the API address (or the user is talked into it).
// The key given for the platform's origin must never reach the new origin, and writes queued for the
// platform must never go out with a key given for another origin.

interface StatusView {
  key: { set: boolean; origin?: string | null };
  pause: { disabled: unknown; needsKey?: { baseUrl: string; pending: number }[] };
}

/** The sandbox's clock now (ms): its request log stamps each request with it. */
async function sandboxNow(control: SandboxClient): Promise<number> {
  return (await control.control<{ now: number }>('GET', '/clock')).now;
}

/** Every API request the sandbox logged from `since` (its clock), of any key or none, oldest first. */
async function requestsSince(control: SandboxClient, since: number): Promise<{ path: string; keyId: string | null }[]> {
  return (
    await control.control<{ requests: { path: string; keyId: string | null }[] }>('GET', `/requests?since=${since}`)
  ).requests;
}

test('a changed address gets neither the old key nor the writes queued for the old address', async ({
  ext,
  control,
}) => {
  const { key } = await control.newKey(['posts:read', 'posts:write']);
  await configure(ext, control.baseUrl, key);
  // Two writes stay queued for the platform: its key is disabled while they are sent.
  await control.disableKey(key, 'Held for the test');
  await ext.call('enqueueWrite', { kind: 'post', body: 'Queued for the platform, one.' });
  await ext.call('enqueueWrite', { kind: 'post', body: 'Queued for the platform, two.' });
  await until(async () => ((await ext.call<StatusView>('getStatus')).pause.disabled ? true : undefined), 'the pause');
  // From here on the platform must hear nothing from this browser.
  const switched = await sandboxNow(control);

  const lookAlike = await startLookAlikeServer();
  try {
    const moved = await ext.call<{ keyRemovedFor?: string }>('saveSettings', { baseUrl: lookAlike.origin });
    expect(moved.keyRemovedFor).toBe(new URL(control.baseUrl).origin);
    expect((await ext.call<StatusView>('getStatus')).key.set).toBe(false);
    // Reads and the key check have no key for the new origin: they fail in words, nothing leaves.
    const read = await ext.send('getTimelinePage', {});
    expect(read.ok).toBe(false);
    expect((await ext.send('checkKey')).ok).toBe(false);
    expect(lookAlike.seen).toEqual([]);

    // A key entered for the new address serves that address only.
    const lookKey = 'dcp_look_alike_key_0001';
    await ext.call('saveKey', { key: lookKey });
    await ext.call('getTimelinePage', {});
    const needsKey = await until(async () => {
      const waiting = (await ext.call<StatusView>('getStatus')).pause.needsKey ?? [];
      return waiting.length > 0 ? waiting : undefined;
    }, 'the platform writes waiting for their key');
    expect(needsKey).toEqual([{ baseUrl: `${control.baseUrl}/`, pending: 2 }]);
    expect(lookAlike.seen.length).toBeGreaterThan(0);
    expect(lookAlike.seen.every((request) => request.authorization === `Bearer ${lookKey}`)).toBe(true);

    // A redirect to the platform is not followed: the new key does not reach it either.
    lookAlike.redirectTo(control.baseUrl);
    const redirected = await ext.send('getTimelinePage', { limit: 7 });
    expect(redirected).toMatchObject({ ok: false, error: { message: expect.stringMatching(/redirect/) } });
    expect(lookAlike.seen.at(-1)?.path).toBe('/v1/timelines/public');

    // The platform heard nothing since the switch: no write, no read, no key of any kind.
    expect(await requestsSince(control, switched)).toEqual([]);
    expect(lookAlike.seen.some((request) => request.authorization?.includes(key))).toBe(false);
    expect((await listOutbox(ext)).map((item) => item.state.status)).toEqual(['queued', 'queued']);
  } finally {
    await lookAlike.close();
  }
});
