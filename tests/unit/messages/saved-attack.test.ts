import { describe, expect, it } from 'vitest';
import { createRouter } from '@/lib/messages/router';
import { EXTENSION_ID, ORIGIN, senders, spyHandlers, validRequests } from './fixtures';

const SAVED_MESSAGES = ['savePost', 'unsavePost', 'listSavedPosts', 'importSavedPosts'] as const;

describe('the Saved list and a hostile page', () => {
  it("refuses every Saved message from a content script: a page's script can neither read nor change the list", async () => {
    const { handlers, spies } = spyHandlers();
    const router = createRouter(handlers, { extensionId: EXTENSION_ID, extensionOrigin: ORIGIN });
    for (const [tab, name] of SAVED_MESSAGES.entries()) {
      const sender = { ...senders.content, tab: { id: 200 + tab } };
      const reply = await router({ type: name, payload: validRequests[name] }, sender);
      expect(reply, name).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(spies[name], name).not.toHaveBeenCalled();
    }
  });

  it('refuses a save whose post is out of bounds or carries fields of its own, even from an extension page', async () => {
    const { handlers, spies } = spyHandlers();
    const router = createRouter(handlers, { extensionId: EXTENSION_ID, extensionOrigin: ORIGIN });
    const planted = [
      { post: { id: 'p_1', body: 'x', source: 'https://evil.example' } },
      { post: { id: 'p_1', body: 'x'.repeat(10_001) } },
      { post: { id: '../../etc' } },
      { post: { id: 'p_1', author: { handle: 'a', html: '<b>' } } },
    ];
    for (const payload of planted) {
      const reply = await router({ type: 'savePost', payload }, senders.sidePanel);
      expect(reply, JSON.stringify(payload).slice(0, 80)).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    }
    expect(spies.savePost).not.toHaveBeenCalled();
  });
});
