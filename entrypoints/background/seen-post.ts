import type { Contribution } from '@/lib/api/schemas';
import type { SeenPost } from '@/lib/queue/twins';

/** A timeline contribution as twin finding sees it (the Outbox never reads wire field names). */
export function seenPost(post: Contribution): SeenPost {
  const created = post.createdAt === undefined ? Number.NaN : Date.parse(post.createdAt);
  return {
    id: post.id,
    body: post.body,
    author: post.author,
    createdAt: Number.isFinite(created) ? created : undefined,
  };
}
