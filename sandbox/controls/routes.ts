import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import type { z } from 'zod';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { DIALECT_NAMES } from '../dialects/index.js';
import { faultSchema } from '../faults.js';
import { CONTROL_BODY_LIMIT, readJson } from '../http/body.js';
import { errorResponse, failure, jsonResponse } from '../http/errors.js';
import { methodNotAllowed } from '../http/method-not-allowed.js';
import { API_KEY_PATTERN } from '../ids.js';
import { isLoopbackAddress, isLoopbackOrigin } from '../loopback.js';
import { moderationControlSchema } from '../moderation.js';
import { SCOPES } from '../scopes.js';
import type { KeyRecord } from '../store/accounts.js';
import { isoTime } from '../store/records.js';
import { syntheticBody } from '../synthetic.js';
import { budgetControlRoutes } from './budget-routes.js';
import {
  bulkPostsSchema,
  clockSchema,
  dialectSchema,
  disableSchema,
  keyRefSchema,
  keysSchema,
  removePostSchema,
  resetSchema,
  webhookSchema,
} from './schemas.js';

/**
 * Whether a control request may proceed: it must come from a loopback address, and when a browser
 * names an Origin, that must be a loopback site too (no cross-site page may reset or rekey the sandbox).
 */
export function controlAllowed(remoteAddress: string | undefined, origin: string | undefined): boolean {
  return isLoopbackAddress(remoteAddress) && isLoopbackOrigin(origin);
}

/** Test controls under `/__sandbox/`: JSON in and out, loopback only. */
export function controlRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const ctl = new Hono<SandboxEnv>();
  const body = <S extends z.ZodType>(req: Request, schema: S, optional = false) =>
    readJson(req, schema, { limit: CONTROL_BODY_LIMIT, optional });
  const notFound = (message: string) => errorResponse(failure(404, 'not_found', message));

  ctl.use('*', async (c, next) => {
    if (!controlAllowed(getConnInfo(c).remote.address, c.req.header('origin'))) {
      return errorResponse(failure(403, 'forbidden', 'Sandbox controls answer loopback clients only.'));
    }
    await next();
  });

  const resolveKey = (ref: string): KeyRecord | undefined =>
    API_KEY_PATTERN.test(ref) ? ctx.accounts.findByClearKey(ref) : ctx.accounts.findById(ref);

  ctl.get('/', () =>
    jsonResponse(200, {
      baseUrl: ctx.site.baseUrl,
      account: ctx.demo.accountId,
      now: isoTime(ctx.clock.now()),
      scopes: SCOPES,
    }),
  );

  ctl.post('/keys', async (c) => {
    const b = await body(c.req.raw, keysSchema);
    if (!b.ok) return errorResponse(b.failure);
    let accountId = b.value.account;
    if (accountId !== undefined) {
      if (!ctx.accounts.getAccount(accountId)) return notFound('No account with this id exists.');
    } else {
      if (b.value.handle !== undefined && ctx.accounts.findByHandle(b.value.handle)) {
        return errorResponse(failure(400, 'invalid_body', 'handle: already taken'));
      }
      accountId = ctx.accounts.createAccount({ handle: b.value.handle, displayName: b.value.displayName }).id;
    }
    const issued = ctx.accounts.issueKey(accountId, b.value.scopes, b.value.appName);
    return jsonResponse(201, {
      key: issued.key,
      account: issued.account,
      keyId: issued.keyId,
      appId: issued.appId,
      scopes: b.value.scopes,
    });
  });

  ctl.post('/keys/disable', async (c) => {
    const b = await body(c.req.raw, disableSchema);
    if (!b.ok) return errorResponse(b.failure);
    const key = resolveKey(b.value.key);
    if (!key) return notFound('No such key.');
    ctx.accounts.setDisabled(key.id, b.value.reason);
    return jsonResponse(200, { keyId: key.id, disabled: true, reason: b.value.reason });
  });

  ctl.post('/keys/enable', async (c) => {
    const b = await body(c.req.raw, keyRefSchema);
    if (!b.ok) return errorResponse(b.failure);
    const key = resolveKey(b.value.key);
    if (!key) return notFound('No such key.');
    ctx.accounts.setDisabled(key.id, null);
    return jsonResponse(200, { keyId: key.id, disabled: false });
  });

  ctl.route('/', budgetControlRoutes(ctx));

  ctl.post('/webhooks', async (c) => {
    const b = await body(c.req.raw, webhookSchema);
    if (!b.ok) return errorResponse(b.failure);
    return jsonResponse(201, ctx.webhooks.subscribe(b.value.url, b.value.secret));
  });
  ctl.get('/webhooks', () => jsonResponse(200, { webhooks: ctx.webhooks.list() }));
  ctl.get('/webhooks/deliveries', () => jsonResponse(200, { deliveries: ctx.webhooks.deliveries() }));
  ctl.delete('/webhooks/:id', (c) =>
    ctx.webhooks.remove(c.req.param('id')) ? jsonResponse(200, { removed: true }) : notFound('No such webhook.'),
  );
  ctl.get('/events', () => jsonResponse(200, { events: ctx.webhooks.events() }));

  ctl.post('/faults', async (c) => {
    const b = await body(c.req.raw, faultSchema);
    if (!b.ok) return errorResponse(b.failure);
    const fault = ctx.faults.add(b.value);
    return jsonResponse(201, { fault, faults: ctx.faults.list() });
  });
  ctl.get('/faults', () => jsonResponse(200, { faults: ctx.faults.list() }));
  ctl.delete('/faults', () => jsonResponse(200, { cleared: ctx.faults.clear() }));
  ctl.delete('/faults/:id', (c) =>
    ctx.faults.remove(c.req.param('id')) ? jsonResponse(200, { removed: true }) : notFound('No such fault.'),
  );

  ctl.post('/reset', async (c) => {
    const b = await body(c.req.raw, resetSchema, true);
    if (!b.ok) return errorResponse(b.failure);
    ctx.reset(b.value.seed ?? false);
    return jsonResponse(200, { ok: true, account: ctx.demo.accountId, testKey: ctx.demo.testKey });
  });

  const clockState = () => ({ now: ctx.clock.now(), iso: isoTime(ctx.clock.now()), offsetMs: ctx.clock.offset });
  ctl.post('/clock', async (c) => {
    const b = await body(c.req.raw, clockSchema);
    if (!b.ok) return errorResponse(b.failure);
    ctx.clock.advance(b.value.advanceMs);
    return jsonResponse(200, clockState());
  });
  ctl.get('/clock', () => jsonResponse(200, clockState()));

  ctl.post('/moderation', async (c) => {
    const b = await body(c.req.raw, moderationControlSchema);
    if (!b.ok) return errorResponse(b.failure);
    return jsonResponse(200, ctx.moderation.update(b.value));
  });
  ctl.get('/moderation', () => jsonResponse(200, ctx.moderation.current()));

  ctl.post('/posts', async (c) => {
    const b = await body(c.req.raw, bulkPostsSchema);
    if (!b.ok) return errorResponse(b.failure);
    const fallback = b.value.account ?? ctx.demo.accountId;
    const items =
      b.value.posts?.map((p) => ({ accountId: p.account ?? fallback, body: p.body })) ??
      Array.from({ length: b.value.count ?? 0 }, (_, i) => ({ accountId: fallback, body: syntheticBody(i + 1) }));
    for (const accountId of new Set(items.map((i) => i.accountId))) {
      if (!ctx.accounts.getAccount(accountId)) return notFound(`No account with the id ${accountId} exists.`);
    }
    const ids = ctx.writes.createPostsBulk(items);
    return jsonResponse(201, { created: ids.length, ids });
  });

  ctl.post('/posts/:id/remove', async (c) => {
    const b = await body(c.req.raw, removePostSchema);
    if (!b.ok) return errorResponse(b.failure);
    // The id as the API gave it out (the current dialect's), or the sandbox's own.
    const raw = c.req.param('id');
    const id = ctx.dialect.current.idIn(raw) ?? raw;
    if (!ctx.content.removePost(id, b.value.reason ?? 'Removed by a moderator.')) {
      return notFound(`No post with the id ${raw} exists.`);
    }
    return jsonResponse(200, { removed: raw });
  });

  ctl.post('/dialect', async (c) => {
    const b = await body(c.req.raw, dialectSchema);
    if (!b.ok) return errorResponse(b.failure);
    if (!ctx.dialect.use(b.value.name)) {
      return errorResponse(
        failure(400, 'invalid_body', `Unknown dialect "${b.value.name}"; use one of ${DIALECT_NAMES.join(', ')}.`),
      );
    }
    return jsonResponse(200, { dialect: ctx.dialect.current.name });
  });
  ctl.get('/dialect', () => jsonResponse(200, { dialect: ctx.dialect.current.name, dialects: DIALECT_NAMES }));

  ctl.get('/stats', () => jsonResponse(200, stats(ctx)));

  ctl.get('/requests', (c) => {
    const since = c.req.query('since');
    if (since !== undefined && !/^\d{1,16}$/.test(since)) {
      return errorResponse(failure(400, 'invalid_body', 'since must be a time in milliseconds.'));
    }
    const account = c.req.query('account');
    return jsonResponse(200, {
      requests: ctx.requests.list({
        ...(account === undefined ? {} : { account }),
        ...(since === undefined ? {} : { since: Number(since) }),
      }),
    });
  });
  ctl.delete('/requests', () => {
    ctx.requests.clear();
    return jsonResponse(200, { cleared: true });
  });

  ctl.all('/', methodNotAllowed(['GET', 'HEAD']));
  for (const path of ['/keys', '/keys/disable', '/keys/enable', '/reset', '/clock', '/moderation', '/posts']) {
    ctl.all(path, methodNotAllowed(path === '/clock' || path === '/moderation' ? ['GET', 'POST'] : ['POST']));
  }
  ctl.all('/webhooks', methodNotAllowed(['GET', 'POST']));
  ctl.all('/webhooks/deliveries', methodNotAllowed(['GET', 'HEAD']));
  ctl.all('/events', methodNotAllowed(['GET', 'HEAD']));
  ctl.all('/faults', methodNotAllowed(['GET', 'POST', 'DELETE']));
  ctl.all('/stats', methodNotAllowed(['GET', 'HEAD']));
  ctl.all('/requests', methodNotAllowed(['GET', 'DELETE']));
  return ctl;
}

/** Row counts and an integrity check: tests use it to show refused writes changed nothing. */
function stats(ctx: SandboxContext) {
  const count = (sql: string) => ctx.db.prepare<[], { n: number }>(sql).get()?.n ?? 0;
  const integrity = ctx.db.pragma('quick_check', { simple: true });
  return {
    accounts: count('SELECT COUNT(*) AS n FROM accounts'),
    keys: count('SELECT COUNT(*) AS n FROM keys'),
    posts: count('SELECT COUNT(*) AS n FROM posts'),
    publishedPosts: count("SELECT COUNT(*) AS n FROM posts WHERE moderation_state = 'published'"),
    comments: count('SELECT COUNT(*) AS n FROM comments'),
    reactions: count('SELECT COUNT(*) AS n FROM reactions'),
    events: count('SELECT COUNT(*) AS n FROM events'),
    deliveryAttempts: count('SELECT COUNT(*) AS n FROM webhook_attempts'),
    budgetWrites: count('SELECT COUNT(*) AS n FROM budget_writes'),
    integrity: typeof integrity === 'string' ? integrity : String(integrity),
  };
}
