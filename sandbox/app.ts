import type { ServerResponse } from 'node:http';
import { Hono } from 'hono';
import { bearerKey } from './api/auth.js';
import { apiRoutes } from './api/routes.js';
import type { SandboxContext, SandboxEnv } from './context.js';
import { controlRoutes } from './controls/routes.js';
import { errorResponse, failure } from './http/errors.js';
import type { KeyRecord } from './store/accounts.js';
import { failurePage, websiteRoutes } from './website/routes.js';

// API-looking paths (any version) and controls answer JSON; everything else is the website's HTML.
const isJsonPath = (path: string) => /^\/(v\d+|__sandbox)(\/|$)/.test(path);

/** The key named by an Authorization header, for the request log (whatever the request's outcome). */
function keyFromHeader(ctx: SandboxContext, header: string | undefined): KeyRecord | undefined {
  const token = bearerKey(header);
  return token === undefined ? undefined : ctx.accounts.findByClearKey(token);
}

/** Resolves once the answer has been handed to the network (or the connection is gone). */
function answerSent(outgoing: ServerResponse | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (outgoing === undefined || outgoing.writableFinished || outgoing.destroyed) resolve();
    else {
      outgoing.once('finish', () => resolve());
      outgoing.once('close', () => resolve());
    }
  });
}

/** The whole HTTP surface: API under `/v1`, controls under `/__sandbox`, the website at `/`. */
export function createApp(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  // DNS rebinding: a name the attacker controls, pointed at 127.0.0.1, must reach nothing.
  app.use('*', async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    if (ctx.site.hosts.size > 0 && !ctx.site.hosts.has(host)) {
      return errorResponse(failure(421, 'misdirected_request', 'This sandbox answers only its own address.'));
    }
    await next();
  });

  app.use('*', async (c, next) => {
    const started = performance.now();
    const at = ctx.clock.now();
    await next();
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const dropped = c.get('droppedStatus');
    const status = dropped ?? c.res.status;
    ctx.log(`${c.req.method} ${c.req.path} ${dropped === undefined ? status : `${status} (dropped)`} ${durationMs}ms`);
    if (/^\/v\d+(\/|$)/.test(c.req.path)) {
      const key = c.get('key') ?? keyFromHeader(ctx, c.req.header('authorization'));
      const retryAfter = Number(c.res.headers.get('retry-after'));
      ctx.requests.record(
        {
          at,
          method: c.req.method,
          path: c.req.path,
          query: new URL(c.req.url).search,
          account: key?.accountId ?? null,
          keyId: key?.id ?? null,
          status,
          retryAfterSeconds: dropped === undefined && Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
          dropped: dropped !== undefined,
          durationMs,
        },
        answerSent(c.env?.outgoing),
      );
    }
  });

  // Injected faults act like the network and the platform's infrastructure: before and after the handler.
  app.use('*', async (c, next) => {
    const plan = ctx.faults.take(c.req.method, c.req.path);
    if (plan.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, plan.latencyMs));
    if (plan.error) {
      const { status, retryAfterSeconds } = plan.error;
      return errorResponse(
        failure(
          status,
          'injected_fault',
          `Injected fault: answering ${status}.`,
          undefined,
          retryAfterSeconds === null ? undefined : { 'Retry-After': String(retryAfterSeconds) },
        ),
      );
    }
    await next();
    if (plan.drop) {
      // The handler has run (any write is committed); the client only sees its connection die.
      c.set('droppedStatus', c.res.status);
      c.env?.incoming?.socket?.destroy();
      c.res = new Response(null, { headers: { 'x-hono-already-sent': 'true' } });
    }
  });

  app.route('/v1', apiRoutes(ctx));
  app.route('/__sandbox', controlRoutes(ctx));
  app.route('/', websiteRoutes(ctx));

  app.notFound((c) => {
    if (isJsonPath(c.req.path)) return errorResponse(failure(404, 'not_found', 'There is nothing at this path.'));
    const viewer = ctx.accounts.getAccount(ctx.demo.accountId);
    const notFound = failure(404, 'not_found', 'There is no page at this address.');
    return viewer ? failurePage(viewer, notFound, ctx.clock.now()) : errorResponse(notFound);
  });

  app.onError((err, c) => {
    ctx.log(`ERROR ${c.req.method} ${c.req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return errorResponse(failure(500, 'internal', 'The sandbox failed unexpectedly; this is a bug in the sandbox.'));
  });

  return app;
}
