/** A fresh account of a running sandbox and a key for it (its own write budget). */
export interface BenchAccount {
  accountId: string;
  key: string;
}

/** Creates a new account with one key through `POST /__sandbox/keys`: a budget nobody else spends. */
export async function newAccount(baseUrl: string, handle: string): Promise<BenchAccount> {
  const response = await fetch(`${baseUrl}/__sandbox/keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ scopes: ['posts:read', 'posts:write'], handle }),
  });
  if (response.status !== 201) throw new Error(`POST /__sandbox/keys answered ${response.status}.`);
  const created = (await response.json()) as { key: string; account: string };
  return { accountId: created.account, key: created.key };
}

interface TimelinePost {
  body: string;
  author: { id: string };
}

/** The bodies of every published post by `accountId`, oldest first, read from the public timeline. */
export async function bodiesBy(baseUrl: string, key: string, accountId: string): Promise<string[]> {
  const bodies: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const response = await fetch(`${baseUrl}/v1/timelines/public?limit=100${query}`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    if (!response.ok) throw new Error(`GET /v1/timelines/public answered ${response.status}.`);
    const page = (await response.json()) as { items: TimelinePost[]; nextCursor: string | null };
    for (const post of page.items) if (post.author.id === accountId) bodies.push(post.body);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return bodies.reverse();
}
