import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyRequests, takeEarlyRequests } from '@/lib/ui/early-requests';
import { FIRST_PAGE } from '@/lib/ui/timeline-store';

describe('early requests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    takeEarlyRequests();
  });

  it('asks for the first page and the settings at once and hands the answers over once', async () => {
    const sendMessage = vi.fn(async (message: { type: string }) => ({ ok: true, data: message.type }));
    vi.stubGlobal('browser', { runtime: { sendMessage } });
    startEarlyRequests();
    expect(sendMessage.mock.calls).toEqual([
      [{ type: 'getTimelinePage', payload: { limit: FIRST_PAGE } }],
      [{ type: 'getSettings' }],
    ]);
    const early = takeEarlyRequests();
    expect(await early?.firstPage).toEqual({ ok: true, data: 'getTimelinePage' });
    expect(await early?.settings).toEqual({ ok: true, data: 'getSettings' });
    expect(takeEarlyRequests()).toBeUndefined();
  });

  it('hands a failed send over as a rejection for the main script to retry, never unhandled', async () => {
    vi.stubGlobal('browser', {
      runtime: {
        sendMessage: () => {
          throw new Error('Receiving end does not exist');
        },
      },
    });
    startEarlyRequests();
    await expect(takeEarlyRequests()?.firstPage).rejects.toThrow('Receiving end');
  });

  it('leaves nothing when there is no extension runtime', () => {
    vi.stubGlobal('browser', undefined);
    vi.stubGlobal('chrome', undefined);
    startEarlyRequests();
    expect(takeEarlyRequests()).toBeUndefined();
  });
});
