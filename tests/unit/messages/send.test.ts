import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Reply } from '@/lib/messages/envelope';
import { createRouter } from '@/lib/messages/router';
import { sendMessage } from '@/lib/messages/send';
import { EXTENSION_ID, ORIGIN, replies, senders, spyHandlers } from './fixtures';

/** Answers `runtime.sendMessage` with `answer(message)`. */
function answerWith(answer: (message: unknown) => unknown) {
  const spy = vi.spyOn(browser.runtime, 'sendMessage');
  spy.mockImplementation((async (message: unknown) =>
    answer(message)) as unknown as typeof browser.runtime.sendMessage);
  return spy;
}

describe('sendMessage', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('round-trips through the router with types from the table', async () => {
    const { handlers, spies } = spyHandlers();
    const router = createRouter(handlers, { extensionId: EXTENSION_ID, extensionOrigin: ORIGIN });
    const spy = answerWith((message) => router(message, senders.popup));

    const status = await sendMessage('getStatus');
    expectTypeOf(status).toEqualTypeOf<Reply<'getStatus'>>();
    expect(status).toEqual({ ok: true, data: replies.getStatus });
    expect(spy).toHaveBeenCalledWith({ type: 'getStatus' });

    const reacted = await sendMessage('reactToPost', { postId: 'p_1', reaction: 'agree' });
    expect(reacted.ok && reacted.data.status).toBe('queued');
    expect(spies.reactToPost).toHaveBeenCalledWith({ postId: 'p_1', reaction: 'agree' }, expect.anything());

    const refused = await sendMessage('retryItem', { id: '..' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('turns a rejected call into unavailable (no background yet)', async () => {
    answerWith(() => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    });
    expect(await sendMessage('listOutbox')).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });

  it('turns an absent or malformed reply into unavailable', async () => {
    for (const raw of [
      undefined,
      null,
      'ok',
      { ok: true },
      { ok: true, data: { items: 'no' } },
      { ok: false },
      { data: 1 },
    ]) {
      answerWith(() => raw);
      expect(await sendMessage('listOutbox'), JSON.stringify(raw)).toMatchObject({
        ok: false,
        error: { code: 'unavailable' },
      });
    }
  });

  it('keeps a failed reply, tolerating a code it does not know', async () => {
    answerWith(() => ({ ok: false, error: { code: 'rate_limited', message: 'Wait.', retryAt: 123 } }));
    expect(await sendMessage('checkKey')).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'Wait.', retryAt: 123 },
    });
    answerWith(() => ({ ok: false, error: { code: 'from_the_future', message: 'New.' } }));
    expect(await sendMessage('checkKey')).toEqual({ ok: false, error: { code: 'internal', message: 'New.' } });
  });

  it('requires a request where the table does', () => {
    const typeOnly = () => {
      // @ts-expect-error retryItem needs {id}
      void sendMessage('retryItem');
      // @ts-expect-error a content-script body must be a string
      void sendMessage('replyToPost', { postId: 'p_1', body: 1 });
    };
    expect(typeof typeOnly).toBe('function');
    expectTypeOf(sendMessage<'retryItem'>).parameters.toEqualTypeOf<['retryItem', { id: string }]>();
    expectTypeOf(sendMessage<'getStatus'>).parameters.toEqualTypeOf<
      ['getStatus', (Record<string, never> | undefined)?]
    >();
  });
});
