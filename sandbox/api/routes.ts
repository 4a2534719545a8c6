import { Hono, type MiddlewareHandler } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { API_BODY_LIMIT, readJson } from '../http/body.js';
import { errorResponse, type Failure, failure, jsonResponse, rateLimited } from '../http/errors.js';
import { methodNotAllowed } from '../http/method-not-allowed.js';
import { isReactionKind, REACTION_KINDS, type Scope } from '../scopes.js';
import { parsePageQuery, timelinePage } from '../timeline.js';
import type { WriteResult } from '../writes.js';
import { authorize } from './auth.js';
import { reactionBodySchema, textBodySchema } from './schemas.js';

const unknownPost = (): Failure => failure(404, 'not_found', 'No post with this id exists.');

function writeResponse<T>(result: WriteResult<T>): Response {
  if (result.ok) return jsonResponse(result.status, result.record);
  if (result.failure.kind === 'not_found') return errorResponse(unknownPost());
  return errorResponse(rateLimited(result.failure.retryAfterSeconds));
}

/** The public API v1: `/me`, `/timelines/public`, `/posts`, `/posts/{id}/comments`, `/posts/{id}/reactions`. */
export function apiRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const api = new Hono<SandboxEnv>();

  // Auth, disabled and scope checks come first on every endpoint (contract order of checks).
  const guard =
    (scope: Scope | null): MiddlewareHandler<SandboxEnv> =>
    async (c, next) => {
      const auth = authorize(ctx.accounts, c.req.header('authorization'), scope);
      if (!auth.ok) return errorResponse(auth.failure);
      c.set('key', auth.key);
      await next();
    };

  api.get('/me', guard(null), (c) => {
    const key = c.get('key');
    const account = ctx.accounts.getAccount(key.accountId);
    if (!account) return errorResponse(failure(401, 'unauthorized', 'The API key is not known.'));
    return jsonResponse(200, {
      account,
      scopes: key.scopes,
      key: { id: key.id, last4: key.last4, app: key.app },
    });
  });
  api.all('/me', methodNotAllowed(['GET', 'HEAD']));

  api.get('/timelines/public', guard('posts:read'), (c) => {
    const query = parsePageQuery(new URL(c.req.url).searchParams, ctx.cursors);
    if (!query.ok) return errorResponse(query.failure);
    const { page } = timelinePage(ctx.content, ctx.cursors, query.value.limit, query.value.beforeSeq);
    return jsonResponse(200, page);
  });
  api.all('/timelines/public', methodNotAllowed(['GET', 'HEAD']));

  api.post('/posts', guard('posts:write'), async (c) => {
    const body = await readJson(c.req.raw, textBodySchema, { limit: API_BODY_LIMIT });
    if (!body.ok) return errorResponse(body.failure);
    return writeResponse(ctx.writes.createPost(c.get('key').accountId, body.value.body));
  });
  api.all('/posts', methodNotAllowed(['POST']));

  api.post('/posts/:postId/comments', guard('posts:write'), async (c) => {
    const body = await readJson(c.req.raw, textBodySchema, { limit: API_BODY_LIMIT });
    if (!body.ok) return errorResponse(body.failure);
    return writeResponse(
      ctx.writes.createComment(c.get('key').accountId, c.req.param('postId') ?? '', body.value.body),
    );
  });
  api.all('/posts/:postId/comments', methodNotAllowed(['POST']));

  api.post('/posts/:postId/reactions', guard('reactions:write'), async (c) => {
    const body = await readJson(c.req.raw, reactionBodySchema, { limit: API_BODY_LIMIT });
    if (!body.ok) return errorResponse(body.failure);
    const kind = body.value.kind;
    if (!isReactionKind(kind)) {
      return errorResponse(
        failure(400, 'unknown_reaction_kind', `Unknown reaction kind; use one of ${REACTION_KINDS.join(', ')}.`, {
          allowed: [...REACTION_KINDS],
        }),
      );
    }
    return writeResponse(ctx.writes.createReaction(c.get('key').accountId, c.req.param('postId') ?? '', kind));
  });
  api.all('/posts/:postId/reactions', methodNotAllowed(['POST']));

  return api;
}
