import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@/lib/messages/envelope';
import { MESSAGE_NAMES, type MessageName, protocol } from '@/lib/messages/protocol';
import { createRouter } from '@/lib/messages/router';
import { EXTENSION_ID, ORIGIN, replies, spyHandlers, validRequests } from './fixtures';

/*
 * 10,000 random messages from random senders at the router: each gets a well-formed reply (a clear
 * `{ok:false}` or a handler's data), nothing throws, and a handler runs exactly when the message is
 * well-formed, its sender is ours and may use it.
 */

const HUGE = 'x'.repeat(200_000);
type Tagged = { sender: unknown; kind: 'extension' | 'content' | 'invalid' };

const anythingDeep = fc.anything({
  maxDepth: 3,
  withNullPrototype: true,
  withObjectString: true,
  withMap: true,
  withSet: true,
  withDate: true,
  withBigInt: true,
  withSparseArray: true,
  withTypedArray: true,
});
const weirdString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(HUGE, '__proto__', 'constructor', 'prototype', '../..', '.', '', '\u0000', '\ud800', 'p_1', 'agree'),
);
const weirdValue = fc.oneof(
  weirdString,
  anythingDeep,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, undefined, true, [], {}),
);

const senderArb: fc.Arbitrary<Tagged> = fc.oneof(
  fc.constantFrom(`${ORIGIN}/popup.html`, `${ORIGIN}/sidepanel.html`, `${ORIGIN}/options.html`).chain((url) =>
    fc.option(fc.nat(1000)).map((tab) => ({
      sender: tab === null ? { id: EXTENSION_ID, url } : { id: EXTENSION_ID, url, tab: { id: tab } },
      kind: 'extension' as const,
    })),
  ),
  fc.tuple(fc.nat(5), fc.webUrl()).map(([tab, url]) => ({
    sender: { id: EXTENSION_ID, url, tab: { id: tab }, frameId: 0 },
    kind: 'content' as const,
  })),
  fc
    .oneof(
      fc.record(
        { id: fc.oneof(weirdString, fc.constant('other-extension')), url: weirdValue, tab: weirdValue },
        { requiredKeys: [] },
      ),
      fc.webUrl().map((url) => ({ id: EXTENSION_ID, url })),
      fc.constant({ id: EXTENSION_ID, url: `${ORIGIN}/popup.html`, origin: 'https://evil.example' }),
      fc.constant({ id: EXTENSION_ID, url: 'https://x.example/', tab: { id: -1 } }),
      anythingDeep,
    )
    .map((sender) => ({ sender, kind: 'invalid' as const })),
);

const nameArb = fc.constantFrom(...MESSAGE_NAMES);
/** A valid request with one random change (or none). */
const payloadArb = (name: MessageName) => {
  const base = validRequests[name];
  const obj = typeof base === 'object' && base !== null ? (base as Record<string, unknown>) : {};
  const keys = [...Object.keys(obj), 'extra', 'body', 'id', 'postId', 'kind', '__proto__'];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(base) },
    fc.tuple(fc.constantFrom(...keys), weirdValue).map(([key, value]) => {
      const copy: Record<string, unknown> = { ...obj };
      Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
      return copy;
    }),
    fc.constantFrom(...Object.keys(obj), 'none').map((key) => {
      const copy: Record<string, unknown> = { ...obj };
      delete copy[key];
      return copy;
    }),
    fc.constant(JSON.parse(`{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`)),
    weirdValue,
  );
};
const messageArb = fc.oneof(
  { weight: 6, arbitrary: nameArb.chain((type) => payloadArb(type).map((payload) => ({ type, payload }))) },
  { weight: 1, arbitrary: nameArb.map((type) => ({ type })) },
  { weight: 1, arbitrary: fc.record({ type: weirdValue, payload: weirdValue }, { requiredKeys: [] }) },
  {
    weight: 1,
    arbitrary: nameArb.chain((type) => weirdValue.map((extra) => ({ type, payload: validRequests[type], extra }))),
  },
  { weight: 1, arbitrary: weirdValue },
);

/** The oracle: a message a handler must see. Built from the table's schemas, not the router's code. */
function shouldReach(message: unknown, tagged: Tagged): MessageName | undefined {
  if (tagged.kind === 'invalid') return undefined;
  if (typeof message !== 'object' || message === null || Object.getPrototypeOf(message) !== Object.prototype)
    return undefined;
  const keys = Reflect.ownKeys(message);
  if (!keys.every((k) => k === 'type' || k === 'payload')) return undefined;
  const { type, payload } = message as { type?: unknown; payload?: unknown };
  if (typeof type !== 'string' || !(MESSAGE_NAMES as string[]).includes(type)) return undefined;
  const name = type as MessageName;
  if (tagged.kind === 'content' && !protocol[name].content) return undefined;
  return protocol[name].request.safeParse(payload).success ? name : undefined;
}

describe('router under 10,000 random messages', () => {
  it('answers each clearly and calls a handler only for a valid, permitted message', async () => {
    let now = 1_700_000_000_000;
    const { handlers, spies } = spyHandlers();
    const router = createRouter(handlers, { extensionId: EXTENSION_ID, extensionOrigin: ORIGIN, now: () => now });
    const calls = () => MESSAGE_NAMES.map((name) => spies[name].mock.calls.length);
    let reached = 0;

    await fc.assert(
      fc.asyncProperty(messageArb, senderArb, async (message, tagged) => {
        now += 1000; // every tab's bucket refills between runs: the cap has its own test
        const before = calls();
        const reply = await router(message, tagged.sender);
        const after = calls();
        const expected = shouldReach(message, tagged);

        expect(typeof reply.ok).toBe('boolean');
        if (reply.ok) {
          expect(expected).toBeDefined();
          if (expected) expect(reply.data).toEqual(replies[expected]);
        } else {
          expect(expected).toBeUndefined();
          expect(ERROR_CODES).toContain(reply.error.code);
          expect(['bad_request', 'forbidden']).toContain(reply.error.code);
          expect(reply.error.message.length).toBeGreaterThan(5);
          expect(reply.error.message.length).toBeLessThanOrEqual(500);
          expect(reply.error.message).not.toContain(HUGE.slice(0, 100));
        }
        const delta = after.map((n, i) => n - (before[i] ?? 0));
        const expectedDelta = MESSAGE_NAMES.map((name) => (name === expected ? 1 : 0));
        expect(delta).toEqual(expectedDelta);
        if (expected) reached += 1;
      }),
      { numRuns: 10_000 },
    );
    // The generators must exercise both sides, or the property proves little.
    expect(reached).toBeGreaterThan(1000);
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
  }, 60_000);
});
