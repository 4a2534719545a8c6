import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { MESSAGE_NAMES } from '@/lib/messages/protocol';
import { MessageError } from '@/lib/messages/reply';
import { createRouter, type RouterOptions, toRuntimeListener } from '@/lib/messages/router';
import { EXTENSION_ID, ORIGIN, replies, senders, spyHandlers, validRequests } from './fixtures';

const NOW = 1_700_000_000_000;

function setup(extra: Partial<RouterOptions> = {}) {
  const { handlers, spies } = spyHandlers();
  const router = createRouter(handlers, {
    extensionId: EXTENSION_ID,
    extensionOrigin: ORIGIN,
    now: () => NOW,
    ...extra,
  });
  return { router, spies };
}

describe('createRouter', () => {
  it('calls the handler with the parsed request and the sender, and wraps its data', async () => {
    const { router, spies } = setup();
    const reply = await router(
      { type: 'enqueueWrite', payload: { kind: 'comment', postId: 'p_1', body: ' Hi ' } },
      senders.popup,
    );
    expect(reply).toEqual({ ok: true, data: replies.enqueueWrite });
    expect(spies.enqueueWrite).toHaveBeenCalledWith(
      { kind: 'comment', postId: 'p_1', body: 'Hi' },
      { sender: { kind: 'extension', url: senders.popup.url, tabId: undefined } },
    );
  });

  it('answers every message of the table from an extension page', async () => {
    const { router, spies } = setup();
    for (const name of MESSAGE_NAMES) {
      const reply = await router({ type: name, payload: validRequests[name] }, senders.sidePanel);
      expect(reply, name).toEqual({ ok: true, data: replies[name] });
      expect(spies[name], name).toHaveBeenCalledTimes(1);
    }
  });

  it('accepts a message without payload for messages that take nothing', async () => {
    const { router } = setup();
    expect(await router({ type: 'getStatus' }, senders.popup)).toMatchObject({ ok: true });
  });

  it('lets content scripts use only their five messages (never openWithDraft)', async () => {
    const { router, spies } = setup();
    for (const [tab, name] of MESSAGE_NAMES.entries()) {
      // One tab per message: the per-tab cap is not what this test is about.
      const sender = { ...senders.content, tab: { id: 100 + tab } };
      const reply = await router({ type: name, payload: validRequests[name] }, sender);
      const allowed = [
        'reactToPost',
        'undoReaction',
        'getPostStates',
        'getLinkConfig',
        'loadInlineBar',
        'loadLinkScript',
      ].includes(name);
      expect(reply.ok, name).toBe(allowed);
      if (!reply.ok) expect(reply.error.code).toBe('forbidden');
      expect(spies[name]).toHaveBeenCalledTimes(allowed ? 1 : 0);
    }
  });

  it('never lets a page choose who speaks: a reaction naming an account is malformed', async () => {
    const { router, spies } = setup();
    const reply = await router(
      { type: 'reactToPost', payload: { postId: 'p_1', reaction: 'well_sourced', as: 'acct-other' } },
      senders.content,
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    const write = await router(
      { type: 'enqueueWrite', payload: { kind: 'post', body: 'x', as: 'acct-1' } },
      senders.content,
    );
    expect(write).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(spies.reactToPost).not.toHaveBeenCalled();
    expect(spies.enqueueWrite).not.toHaveBeenCalled();
  });

  it('refuses other extensions and unknown senders', async () => {
    const { router, spies } = setup();
    for (const sender of [senders.otherExtension, {}, undefined, { id: EXTENSION_ID }]) {
      const reply = await router({ type: 'getStatus' }, sender);
      expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(spies.getStatus).not.toHaveBeenCalled();
  });

  it.each([
    ['not an object', 'getStatus', /object/],
    ['null', null, /object/],
    ['an array', [{ type: 'getStatus' }], /object/],
    ['an unknown type', { type: 'deleteEverything' }, /Unknown message type "deleteEverything"/],
    ['an inherited name', { type: 'toString' }, /Unknown message type/],
    ['__proto__ as type', { type: '__proto__' }, /Unknown message type\./],
    ['an extra envelope field', { type: 'getStatus', payload: {}, sendResponse: 1 }, /only the fields/],
    [
      'a class instance',
      new (class Msg {
        type = 'getStatus';
      })(),
      /plain object/,
    ],
    [
      'a wrong payload',
      { type: 'retryItem', payload: { id: '../etc' } },
      /Invalid retryItem request: id: Not a valid id/,
    ],
    ['a missing payload', { type: 'retryItem' }, /Invalid retryItem request/],
    ['a too long body', { type: 'replyToPost', payload: { postId: 'p', body: 'x'.repeat(3000) } }, /2000/],
  ])('answers %s with bad_request', async (_name, message, pattern) => {
    const { router, spies } = setup();
    const reply = await router(message, senders.popup);
    expect(reply.ok).toBe(false);
    if (!reply.ok) {
      expect(reply.error.code).toBe('bad_request');
      expect(reply.error.message).toMatch(pattern);
    }
    for (const spy of Object.values(spies)) expect(spy).not.toHaveBeenCalled();
  });

  it('survives a message whose getters throw', async () => {
    const { router } = setup();
    const hostile = {
      get type(): string {
        throw new Error('boom');
      },
    };
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('boom');
        },
      },
    );
    expect(await router(hostile, senders.popup)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await router(proxy, senders.popup)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('caps content-script messages per tab', async () => {
    let now = NOW;
    const { router, spies } = setup({ now: () => now, contentRate: { perSecond: 2, burst: 2 } });
    const ask = (sender: object) => router({ type: 'getLinkConfig' }, sender);
    expect((await ask(senders.content)).ok).toBe(true);
    expect((await ask(senders.content)).ok).toBe(true);
    expect(await ask(senders.content)).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'Too many requests from this page.', retryAt: NOW + 500 },
    });
    // Another tab and extension pages have their own budget.
    expect((await ask(senders.contentOtherTab)).ok).toBe(true);
    expect((await router({ type: 'getStatus' }, senders.popup)).ok).toBe(true);
    now += 500;
    expect((await ask(senders.content)).ok).toBe(true);
    expect(spies.getLinkConfig).toHaveBeenCalledTimes(4);
  });

  it('maps an ApiError to its kind, with retryAt for rate limits', async () => {
    const { router, spies } = setup();
    spies.getTimelinePage?.mockRejectedValue(
      new ApiError({
        kind: 'rate_limited',
        status: 429,
        retryAfterMs: 30_000,
        message: 'Too many requests: try again in 30 s.',
      }),
    );
    expect(await router({ type: 'getTimelinePage', payload: {} }, senders.sidePanel)).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'Too many requests: try again in 30 s.', retryAt: NOW + 30_000 },
    });
    spies.checkKey?.mockRejectedValue(
      new ApiError({ kind: 'key_disabled', status: 403, message: 'The API key is disabled: abuse' }),
    );
    expect(await router({ type: 'checkKey' }, senders.popup)).toMatchObject({
      ok: false,
      error: { code: 'key_disabled', message: 'The API key is disabled: abuse' },
    });
  });

  it('passes MessageError and coded errors (the Outbox action errors) through', async () => {
    const { router, spies } = setup();
    spies.retryItem?.mockRejectedValue(new MessageError('not_found', 'No such write.'));
    expect(await router({ type: 'retryItem', payload: { id: 'o_9' } }, senders.popup)).toMatchObject({
      error: { code: 'not_found', message: 'No such write.' },
    });
    const actionError = Object.assign(new Error('This write is being sent; wait for its outcome.'), {
      code: 'not_allowed',
    });
    spies.discardItem?.mockRejectedValue(actionError);
    expect(await router({ type: 'discardItem', payload: { id: 'o_1' } }, senders.popup)).toMatchObject({
      error: { code: 'not_allowed', message: 'This write is being sent; wait for its outcome.' },
    });
  });

  it('hides anything else behind internal, without message or stack, and reports it', async () => {
    const onInternalError = vi.fn();
    const { router, spies } = setup({ onInternalError });
    const secret = new Error('vault says key=dcp_secretsecretsecret');
    spies.saveKey?.mockRejectedValue(secret);
    const reply = await router({ type: 'saveKey', payload: { key: 'dcp_secretsecretsecret' } }, senders.popup);
    expect(reply).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong in the extension. Try again.' },
    });
    expect(JSON.stringify(reply)).not.toContain('dcp_secret');
    expect(onInternalError).toHaveBeenCalledWith(secret, 'saveKey');
    spies.clearKey?.mockImplementation(() => {
      throw 'a string';
    });
    onInternalError.mockImplementation(() => {
      throw new Error('reporter broke');
    });
    expect(await router({ type: 'clearKey' }, senders.popup)).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('answers through sendResponse when used as a runtime listener', async () => {
    const { router } = setup();
    const sendResponse = vi.fn();
    expect(toRuntimeListener(router)({ type: 'getStatus' }, senders.popup, sendResponse)).toBe(true);
    await vi.waitFor(() => expect(sendResponse).toHaveBeenCalledWith({ ok: true, data: replies.getStatus }));
  });
});
