import { Hono } from 'hono';
import { reactionBodySchema, textBodySchema } from '../api/schemas.js';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { type Failure, failure, rateLimited } from '../http/errors.js';
import { isReactionKind, REACTION_KINDS } from '../scopes.js';
import type { Author } from '../store/accounts.js';
import { parsePageQuery, timelinePage } from '../timeline.js';
import type { WriteResult } from '../writes.js';
import { readForm } from './form.js';
import { messagePage, postPage, timelinePage as renderTimeline } from './views.js';

/** Headers of every page: no scripts can run, forms post only here, no framing. */
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "script-src 'none'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

const TITLES: Record<number, string> = {
  400: 'That did not work',
  403: 'Not allowed',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Too long',
  415: 'Unsupported form',
  429: 'Slow down',
  500: 'Something broke',
};

/** An HTML page response. */
export function pageResponse(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...PAGE_HEADERS, ...headers } });
}

/** A failure rendered as an HTML page, keeping its status and headers (Retry-After on 429). */
export function failurePage(viewer: Author, f: Failure, now: number): Response {
  let message = f.message;
  if (f.status === 429) {
    const seconds = Number(f.headers?.['Retry-After'] ?? '60');
    const at = new Date(now + seconds * 1000).toISOString().slice(11, 19);
    message = `You are writing faster than your account's write budget allows. Try again in ${seconds} seconds (around ${at} UTC), not sooner.`;
  }
  return pageResponse(f.status, messagePage(viewer, TITLES[f.status] ?? 'Error', message), f.headers);
}

/** The website: `/` the timeline, `/posts/{id}` a post; forms write as the signed-in demo account. */
export function websiteRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const site = new Hono<SandboxEnv>();
  const viewer = (): Author => {
    const account = ctx.accounts.getAccount(ctx.demo.accountId);
    if (!account) throw new Error('the demo account is missing');
    return account;
  };
  const fail = (f: Failure) => failurePage(viewer(), f, ctx.clock.now());
  const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location } });

  const hostOf = (origin: string): string => {
    try {
      const url = new URL(origin);
      return url.protocol === 'http:' ? url.host.toLowerCase() : '';
    } catch {
      return '';
    }
  };
  // A page on another site must not post through the signed-in demo account (cross-site form posts).
  site.use('*', async (c, next) => {
    if (c.req.method === 'POST') {
      const origin = c.req.header('origin');
      // Only this sandbox's own address (a loopback name with its port): not any loopback site.
      if (origin !== undefined && !ctx.site.hosts.has(hostOf(origin))) {
        return fail(failure(403, 'forbidden', 'Forms may only be sent from this site.'));
      }
    }
    await next();
  });

  const written = <T>(result: WriteResult<T>, location: (record: T) => string): Response => {
    if (result.ok) return redirect(location(result.record));
    if (result.failure.kind === 'not_found') {
      return fail(failure(404, 'not_found', 'No post with this id exists.'));
    }
    return fail(rateLimited(result.failure.retryAfterSeconds));
  };

  site.get('/', (c) => {
    const query = parsePageQuery(new URL(c.req.url).searchParams, ctx.cursors);
    if (!query.ok) return fail(query.failure);
    const { page } = timelinePage(ctx.content, ctx.cursors, query.value.limit, query.value.beforeSeq);
    return pageResponse(200, renderTimeline(viewer(), page.items, page.nextCursor));
  });

  site.get('/posts/:postId', (c) => {
    const me = viewer();
    // The page of a post named by the API's id in the current dialect (a link the extension offers), or the sandbox's own.
    const raw = c.req.param('postId');
    const row = ctx.writes.visiblePost(ctx.dialect.current.idIn(raw) ?? raw, me.id);
    const [record] = row ? ctx.content.postRecords([row]) : [];
    if (!row || !record) return fail(failure(404, 'not_found', 'No post with this id exists.'));
    const moderation = row.reason === null ? { state: row.state } : { state: row.state, reason: row.reason };
    return pageResponse(200, postPage(me, record, moderation, ctx.content.commentsFor(row.id, me.id)));
  });

  site.post('/posts', async (c) => {
    const form = await readForm(c.req.raw, textBodySchema);
    if (!form.ok) return fail(form.failure);
    return written(ctx.writes.createPost(ctx.demo.accountId, form.value.body, 'website'), (p) => `/posts/${p.id}`);
  });

  site.post('/posts/:postId/comments', async (c) => {
    const form = await readForm(c.req.raw, textBodySchema);
    if (!form.ok) return fail(form.failure);
    const postId = c.req.param('postId');
    return written(
      ctx.writes.createComment(ctx.demo.accountId, postId, form.value.body, 'website'),
      (comment) => `/posts/${postId}#${comment.id}`,
    );
  });

  site.post('/posts/:postId/reactions', async (c) => {
    const form = await readForm(c.req.raw, reactionBodySchema);
    if (!form.ok) return fail(form.failure);
    const kind = form.value.kind;
    if (!isReactionKind(kind)) {
      return fail(
        failure(400, 'unknown_reaction_kind', `Unknown reaction kind; use one of ${REACTION_KINDS.join(', ')}.`),
      );
    }
    const postId = c.req.param('postId');
    return written(ctx.writes.createReaction(ctx.demo.accountId, postId, kind, 'website'), () => `/posts/${postId}`);
  });

  const notAllowed = (allow: string) => () =>
    fail(failure(405, 'method_not_allowed', `This page accepts ${allow} only.`, undefined, { Allow: allow }));
  site.all('/', notAllowed('GET, HEAD'));
  site.all('/posts', notAllowed('POST'));
  site.all('/posts/:postId', notAllowed('GET, HEAD'));
  site.all('/posts/:postId/comments', notAllowed('POST'));
  site.all('/posts/:postId/reactions', notAllowed('POST'));

  return site;
}
