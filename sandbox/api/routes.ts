import { Hono, type MiddlewareHandler } from 'hono';
import { budgetHeaders } from '../budget-headers.js';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { API_BODY_LIMIT, readJson } from '../http/body.js';
import { type Failure, failure, jsonResponse, rateLimited } from '../http/errors.js';
import { methodNotAllowed } from '../http/method-not-allowed.js';
import { isReactionKind, REACTION_KINDS, type Scope } from '../scopes.js';
import type { AuthoredPostRecord, CommentRecord } from '../store/records.js';
import { parsePageQuery, timelinePage } from '../timeline.js';
import type { WriteResult } from '../writes.js';
import { authorize } from './auth.js';
import { reactionBodySchema, textBodySchema } from './schemas.js';

const unknownPost = (): Failure => failure(404, 'not_found', 'No post with this id exists.');

/** An answer with a JSON body, or none (`undefined`: a 204-style answer). */
function answer(status: number, body: unknown): Response {
  if (body === undefined) return new Response(null, { status, headers: { 'Cache-Control': 'no-store' } });
  return jsonResponse(status, body);
}

/**
 * The public API v1: `/me`, `/timelines/public`, `/posts`, `/posts/{id}/comments`,
 * `/posts/{id}/reactions`, in the sandbox's current dialect (sandbox/dialects): records, ids,
 * cursors and error bodies go out, and ids and cursors come in, the way that dialect writes them.
 */
export function apiRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const api = new Hono<SandboxEnv>();
  const dialect = () => ctx.dialect.current;
  const refuse = (f: Failure) => dialect().error(f);

  /** A write's outcome in the dialect: its record and status, or its refusal. */
  function writeResponse<T>(result: WriteResult<T>, render: (record: T) => Response): Response {
    if (result.ok) return render(result.record);
    if (result.failure.kind === 'not_found') {
      if (result.failure.removed && dialect().removedStatus === 410) {
        return refuse(failure(410, 'not_found', 'This post was removed.'));
      }
      return refuse(unknownPost());
    }
    return refuse(rateLimited(result.failure.retryAfterSeconds));
  }

  /** The post a path names, as the sandbox knows it ('' when the dialect never gave that id out). */
  const postParam = (raw: string | undefined) => dialect().idIn(raw ?? '') ?? '';

  /** The account's budget as it stands now, in the headers of the style in force (override, else the dialect's). */
  function announceBudget(res: Response, accountId: string): void {
    const now = ctx.clock.now();
    const style = ctx.budgetHeaders.override ?? dialect().budgetHeaders;
    for (const [name, value] of Object.entries(budgetHeaders(style, ctx.budget.usage(accountId, now), now))) {
      res.headers.set(name, value);
    }
  }

  // Auth, disabled and scope checks come first on every endpoint (contract order of checks). Once they
  // pass, every answer of a write endpoint (2xx, 429, and the other refusals) announces the budget.
  const guard =
    (scope: Scope | null, write = false): MiddlewareHandler<SandboxEnv> =>
    async (c, next) => {
      const auth = authorize(ctx.accounts, c.req.header('authorization'), scope);
      if (!auth.ok) return refuse(auth.failure);
      c.set('key', auth.key);
      await next();
      if (write) announceBudget(c.res, auth.key.accountId);
    };

  api.get('/me', guard(null), (c) => {
    const key = c.get('key');
    const account = ctx.accounts.getAccount(key.accountId);
    if (!account) return refuse(failure(401, 'unauthorized', 'The API key is not known.'));
    return jsonResponse(
      200,
      dialect().me({ account, scopes: key.scopes, key: { id: key.id, last4: key.last4, app: key.app } }),
    );
  });
  api.all('/me', methodNotAllowed(['GET', 'HEAD']));

  api.get('/timelines/public', guard('posts:read'), (c) => {
    const d = dialect();
    const decode = (raw: string) => {
      const inner = d.cursorIn(raw);
      return inner === undefined ? undefined : ctx.cursors.decode(inner);
    };
    const query = parsePageQuery(new URL(c.req.url).searchParams, { decode });
    if (!query.ok) return refuse(query.failure);
    const size = Math.max(1, d.pageSize(query.value.limit));
    const { page } = timelinePage(ctx.content, ctx.cursors, size, query.value.beforeSeq, d);
    return jsonResponse(200, {
      items: page.items.map((item) => d.item(item)),
      nextCursor: page.nextCursor === null ? null : d.cursorOut(page.nextCursor),
    });
  });
  api.all('/timelines/public', methodNotAllowed(['GET', 'HEAD']));

  const created = (record: AuthoredPostRecord | CommentRecord) => {
    const out = dialect().created(record);
    return answer(out.status, out.body);
  };

  api.post('/posts', guard('posts:write', true), async (c) => {
    const body = await readJson(c.req.raw, textBodySchema, { limit: API_BODY_LIMIT });
    if (!body.ok) return refuse(body.failure);
    return writeResponse(ctx.writes.createPost(c.get('key').accountId, body.value.body, 'api'), created);
  });
  api.all('/posts', methodNotAllowed(['POST']));

  api.post('/posts/:postId/comments', guard('posts:write', true), async (c) => {
    const body = await readJson(c.req.raw, textBodySchema, { limit: API_BODY_LIMIT });
    if (!body.ok) return refuse(body.failure);
    const postId = postParam(c.req.param('postId'));
    return writeResponse(ctx.writes.createComment(c.get('key').accountId, postId, body.value.body, 'api'), created);
  });
  api.all('/posts/:postId/comments', methodNotAllowed(['POST']));

  api.post('/posts/:postId/reactions', guard('reactions:write', true), async (c) => {
    const body = await readJson(c.req.raw, reactionBodySchema, { limit: API_BODY_LIMIT });
    if (!body.ok) return refuse(body.failure);
    const kind = body.value.kind;
    if (!isReactionKind(kind)) {
      return refuse(
        failure(400, 'unknown_reaction_kind', `Unknown reaction kind; use one of ${REACTION_KINDS.join(', ')}.`, {
          allowed: [...REACTION_KINDS],
        }),
      );
    }
    const postId = postParam(c.req.param('postId'));
    return writeResponse(ctx.writes.createReaction(c.get('key').accountId, postId, kind, 'api'), (record) => {
      const out = dialect().reaction(record);
      return answer(out.status, out.body);
    });
  });
  api.all('/posts/:postId/reactions', methodNotAllowed(['POST']));

  return api;
}
