import { describe, expect, it, vi } from 'vitest';
import { type ApiClientOptions, createApiClient, type FetchLike } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';

const KEY = 'dcp_0123456789abcdefABCDEF0123456789';
const POST = { id: 'p_1', type: 'post', body: 'Hello', author: { id: 'acc_1', handle: 'demo', displayName: 'Dana' } };

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

/** A fake fetch answering every call with `answer`, recording what it was sent. */
function fakeFetch(answer: () => Response | Promise<Response>): { fetch: FetchLike; seen: Seen[] } {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    seen.push({ url: request.url, method: request.method, headers: request.headers, body: await request.text() });
    return answer();
  };
  return { fetch, seen };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function client(fetch: FetchLike, extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl: 'http://127.0.0.1:8787', getKey: async () => KEY, fetch, ...extra });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('createApiClient', () => {
  it('asks for the key of its own origin only, and sends it nowhere else', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, {}));
    const asked: string[] = [];
    const keys: Record<string, string> = { 'https://debate.example': KEY };
    const getKey = async (origin: string) => {
      asked.push(origin);
      return keys[origin];
    };
    await createApiClient({ baseUrl: 'https://debate.example/api/', getKey, fetch }).me();
    const other = await failure(createApiClient({ baseUrl: 'https://evil.example', getKey, fetch }).me());
    expect(asked).toEqual(['https://debate.example', 'https://evil.example']);
    expect(other).toMatchObject({ kind: 'unauthorized', message: 'No API key is saved for https://evil.example.' });
    expect(seen.map((s) => s.url)).toEqual(['https://debate.example/api/v1/me']);
  });

  it("never follows a redirect: a 3xx (or the browser's opaque redirect) is an error in words", async () => {
    for (const answer of [
      () => new Response(null, { status: 302, headers: { location: 'https://evil.example/v1/me' } }),
      () => Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaqueredirect' }),
    ]) {
      const { fetch, seen } = fakeFetch(answer);
      const error = await failure(client(fetch).createPost('x'));
      expect(error.kind).toBe('invalid');
      expect(error.message).toMatch(/redirect/);
      expect(seen).toHaveLength(1);
    }
  });

  it('asks fetch not to follow redirects', async () => {
    let redirect: RequestRedirect | undefined;
    const fetch: FetchLike = async (input, init) => {
      redirect = new Request(input, init).redirect;
      return json(200, {});
    };
    await client(fetch).me();
    expect(redirect).toBe('manual');
  });

  it('refuses plain http outside loopback: the key would travel in clear', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, {}));
    for (const baseUrl of ['http://debate.example', 'http://10.0.0.2:8787', 'ftp://debate.example']) {
      const error = await failure(createApiClient({ baseUrl, getKey: async () => KEY, fetch }).me());
      expect(error.kind).toBe('invalid');
    }
    for (const baseUrl of ['http://localhost:8787', 'http://127.0.0.5', 'http://[::1]:9', 'https://debate.example']) {
      await createApiClient({ baseUrl, getKey: async () => KEY, fetch }).me();
    }
    expect(seen).toHaveLength(4);
  });

  it('sends the key as a Bearer header and reads /v1/me', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, { account: POST.author, scopes: ['posts:read'], extra: 1 }));
    const me = await client(fetch).me();
    expect(me.account?.handle).toBe('demo');
    expect(me.scopes).toEqual(['posts:read']);
    // One internal model: fields the extension does not know stay at the door.
    expect(me).not.toHaveProperty('extra');
    expect(seen[0]?.url).toBe('http://127.0.0.1:8787/v1/me');
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${KEY}`);
  });

  it('asks for the key on every request, so a changed key is used at once', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, {}));
    let key = KEY;
    const api = client(fetch, { getKey: async () => key });
    await api.me();
    key = `${KEY}X`;
    await api.me();
    expect(seen.map((s) => s.headers.get('authorization'))).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}X`]);
  });

  it('keeps a base path and pages the timeline with limit and cursor', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, { items: [POST], nextCursor: null }));
    const page = await client(fetch, { baseUrl: 'https://api.example.com/debate' }).timeline({
      limit: 5,
      cursor: 'a b&c',
    });
    expect(page.items[0]?.body).toBe('Hello');
    expect(page.nextCursor).toBeNull();
    const url = new URL(seen[0]?.url ?? '');
    expect(url.pathname).toBe('/debate/v1/timelines/public');
    expect(url.searchParams.get('limit')).toBe('5');
    expect(url.searchParams.get('cursor')).toBe('a b&c');
  });

  it('posts JSON bodies with Content-Type application/json', async () => {
    const { fetch, seen } = fakeFetch(() => json(201, { ...POST, moderation: { state: 'held' } }));
    const post = await client(fetch).createPost('Hello');
    expect(post.id).toBe('p_1');
    expect(post.moderation?.state).toBe('held');
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ body: 'Hello' });
  });

  it('URL-encodes path parameters', async () => {
    const { fetch, seen } = fakeFetch(() => json(201, { id: 'c_1' }));
    await client(fetch).createComment('p/1?x#y', 'Hi');
    expect(seen[0]?.url).toBe('http://127.0.0.1:8787/v1/posts/p%2F1%3Fx%23y/comments');
    await client(fetch).createReaction('p_1', 'well_sourced');
    expect(seen[1]?.url).toBe('http://127.0.0.1:8787/v1/posts/p_1/reactions');
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ kind: 'well_sourced' });
  });

  it.each(['', '.', '..', '\ud800'])('refuses the post id %j without a request', async (id) => {
    const { fetch, seen } = fakeFetch(() => json(201, { id: 'c_1' }));
    const error = await failure(client(fetch).createComment(id, 'Hi'));
    expect(error.kind).toBe('invalid');
    expect(seen).toHaveLength(0);
  });

  it('accepts an empty body for a reaction (the spec shows no fields)', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(client(fetch).createReaction('p_1', 'agree')).resolves.toEqual({});
  });

  it('rejects a created post without an id as bad_response with the issue path', async () => {
    const { fetch } = fakeFetch(() => json(201, { body: 'x' }));
    const error = await failure(client(fetch).createPost('x'));
    expect(error).toMatchObject({ kind: 'bad_response', issuePath: 'id', outcomeUnknown: true, status: 201 });
  });

  it('names the failing item of a timeline page', async () => {
    const { fetch } = fakeFetch(() => json(200, { items: [POST, POST, POST, { body: 'no id' }], nextCursor: 'x' }));
    const error = await failure(client(fetch).timeline());
    expect(error).toMatchObject({ kind: 'bad_response', issuePath: 'items.3.id' });
    expect(error.message).toContain('items.3.id');
  });

  it('treats a non-JSON 2xx as bad_response', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>ok</html>', { status: 200 }));
    expect((await failure(client(fetch).me())).kind).toBe('bad_response');
  });

  it('turns an HTTP error into an ApiError', async () => {
    const { fetch } = fakeFetch(() =>
      json(429, { error: { code: 'rate_limited', message: 'Slow down' } }, { 'retry-after': '7' }),
    );
    const error = await failure(client(fetch).createPost('x'));
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 7000, status: 429 });
  });

  it('makes no request without a key: unauthorized, outcome known', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, {}));
    for (const getKey of [async () => undefined, async () => '']) {
      const error = await failure(client(fetch, { getKey }).createPost('x'));
      expect(error).toMatchObject({ kind: 'unauthorized', outcomeUnknown: false });
    }
    expect(seen).toHaveLength(0);
  });

  it('makes no request with a malformed key, and never echoes it', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, {}));
    const bad = 'dcp_abc\ndef';
    const error = await failure(client(fetch, { getKey: async () => bad }).me());
    expect(error.kind).toBe('unauthorized');
    const notAString = (async () => ({ key: KEY })) as unknown as () => Promise<string>;
    expect((await failure(client(fetch, { getKey: notAString }).me())).kind).toBe('unauthorized');
    expect(error.message).not.toContain('dcp_abc');
    expect(seen).toHaveLength(0);
  });

  it('maps a failing key vault to network, outcome known', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, {}));
    const error = await failure(client(fetch, { getKey: () => Promise.reject(new Error(KEY)) }).me());
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: false });
    expect(error.message).not.toContain(KEY);
    expect(seen).toHaveLength(0);
  });

  it('does not send while offline: network, outcome known', async () => {
    const { fetch, seen } = fakeFetch(() => json(201, { id: 'p_1' }));
    const error = await failure(client(fetch, { isOnline: () => false }).createPost('x'));
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: false });
    expect(seen).toHaveLength(0);
  });

  it('marks a network error after sending as outcome unknown, without the key anywhere', async () => {
    const error = await failure(
      client(async () => {
        throw new TypeError(`Failed to fetch with Bearer ${KEY}`);
      }).createPost('x'),
    );
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: true });
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(KEY);
    expect(error.cause).toBeUndefined();
  });

  it('times out per attempt: network, outcome unknown', async () => {
    vi.useFakeTimers();
    try {
      const never: FetchLike = (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      const pending = failure(client(never, { timeoutMs: 1000 }).createPost('x'));
      await vi.advanceTimersByTimeAsync(1001);
      const error = await pending;
      expect(error).toMatchObject({ kind: 'network', outcomeUnknown: true });
      expect(error.message).toMatch(/timed out/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('treats a caller abort after sending as an unknown outcome', async () => {
    const controller = new AbortController();
    const hanging: FetchLike = (input) =>
      new Promise((_resolve, reject) => {
        const signal = input instanceof Request ? input.signal : undefined;
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        controller.abort();
      });
    const error = await failure(client(hanging).createPost('x', { signal: controller.signal }));
    expect(error).toMatchObject({ kind: 'network', outcomeUnknown: true });
  });

  it('rejects an unusable base URL without a request', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, {}));
    for (const baseUrl of ['not a url', 'ftp://x', 'http://user:pw@host/', 'javascript:alert(1)']) {
      const error = await failure(client(fetch, { baseUrl }).me());
      expect(error).toMatchObject({ kind: 'invalid', outcomeUnknown: false });
    }
    expect(seen).toHaveLength(0);
  });

  it('refuses a page size that is not a positive integer without a request', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, { items: [], nextCursor: null }));
    for (const limit of [0, -1, 1.5, Number.NaN]) {
      expect((await failure(client(fetch).timeline({ limit }))).kind).toBe('invalid');
    }
    expect(seen).toHaveLength(0);
  });
});

describe('onRetryAfter: the wait is known before the body is read', () => {
  /** A 429 whose body never arrives: only the status line and headers are there. */
  function stalledBody(status: number, headers: Record<string, string>): Response {
    return new Response(new ReadableStream({ start() {} }), { status, headers });
  }

  it('is called on the headers of a 429 although its body never comes', async () => {
    const { fetch } = fakeFetch(() => stalledBody(429, { 'retry-after': '7' }));
    const heard: [number, number][] = [];
    // Left pending on purpose: the body never comes.
    void client(fetch)
      .createPost('Hi', {
        onRetryAfter: async (ms, status) => {
          heard.push([ms, status]);
        },
      })
      .catch(() => undefined);
    await vi.waitFor(() => expect(heard).toEqual([[7_000, 429]]));
  });

  it('is called for a 503 naming a wait, with the 60 s fallback for a 429 without one, and never for other answers', async () => {
    const answers = [
      stalledBody(503, { 'retry-after': '3' }),
      json(429, { error: 'slow down' }),
      json(503, { error: 'down' }),
      json(500, { error: 'oops' }),
      json(201, POST),
    ];
    const { fetch } = fakeFetch(() => answers.shift() ?? json(201, POST));
    const heard: [number, number][] = [];
    const onRetryAfter = async (ms: number, status: number) => {
      heard.push([ms, status]);
    };
    const api = client(fetch);
    void api.createPost('a', { onRetryAfter }).catch(() => undefined);
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    const rateLimited = await failure(api.createPost('b', { onRetryAfter }));
    expect(rateLimited.kind).toBe('rate_limited');
    await failure(api.createPost('c', { onRetryAfter }));
    await failure(api.createPost('d', { onRetryAfter }));
    await api.createPost('e', { onRetryAfter });
    expect(heard).toEqual([
      [3_000, 503],
      [60_000, 429],
    ]);
  });

  it('a hook that fails does not change what the request answers', async () => {
    const { fetch } = fakeFetch(() => json(429, {}, { 'retry-after': '2' }));
    const error = await failure(
      client(fetch).createPost('x', {
        onRetryAfter: async () => {
          throw new Error('store refused');
        },
      }),
    );
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 2_000 });
  });
});
