import { describe, expect, it } from 'vitest';
import { toPostView } from '@/lib/messages/fields';
import { checkReply } from '@/lib/messages/send';

/** A post as some server sends it: the known fields, and some of its own. */
const fromServer = {
  id: 'p_1',
  body: 'Bus lanes save time.',
  createdAt: '2026-11-29T08:00:00Z',
  author: { id: 'u_1', handle: 'robin', trackingId: 'x-123' },
  moderation: { state: 'published', internalScore: 0.3 },
  reactionCounts: { agree: 2 },
  viewerIp: '203.0.113.9',
  _links: { self: '/v1/posts/p_1' },
};

describe('PostView: a post as pages get it', () => {
  it('keeps the known fields and nothing a server added, at any depth', () => {
    expect(toPostView(fromServer)).toEqual({
      id: 'p_1',
      body: 'Bus lanes save time.',
      createdAt: '2026-11-29T08:00:00Z',
      author: { id: 'u_1', handle: 'robin' },
      moderation: { state: 'published' },
      reactionCounts: { agree: 2 },
    });
  });

  it('strips them again in the page’s check of a timeline page, so the panel keeps none', async () => {
    const reply = await checkReply('getTimelinePage', { ok: true, data: { items: [fromServer], nextCursor: null } });
    expect(reply.ok && reply.data.items[0]).toEqual(toPostView(fromServer));
    expect(JSON.stringify(reply)).not.toMatch(/viewerIp|trackingId|internalScore|_links/);
  });
});
