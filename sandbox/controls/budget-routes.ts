import { Hono } from 'hono';
import type { z } from 'zod';
import type { SandboxContext, SandboxEnv } from '../context.js';
import { CONTROL_BODY_LIMIT, readJson, validate } from '../http/body.js';
import { errorResponse, failure, jsonResponse } from '../http/errors.js';
import { methodNotAllowed } from '../http/method-not-allowed.js';
import { budgetHeadersSchema, budgetSchema, writesQuerySchema } from './schemas.js';

/**
 * The budget controls under `/__sandbox/`: an account's budget and its use (`/budget`), the header
 * style write answers announce it in (`/budget-headers`), and the log of an account's accepted writes
 * (`/accounts/{id}/writes`). Mounted behind the controls' loopback check.
 */
export function budgetControlRoutes(ctx: SandboxContext): Hono<SandboxEnv> {
  const ctl = new Hono<SandboxEnv>();
  const body = <S extends z.ZodType>(req: Request, schema: S) => readJson(req, schema, { limit: CONTROL_BODY_LIMIT });
  const noAccount = () => errorResponse(failure(404, 'not_found', 'No account with this id exists.'));
  const usage = (account: string) => ({ account, ...ctx.budget.usage(account, ctx.clock.now()) });

  ctl.post('/budget', async (c) => {
    const b = await body(c.req.raw, budgetSchema);
    if (!b.ok) return errorResponse(b.failure);
    if (!ctx.accounts.getAccount(b.value.account)) return noAccount();
    ctx.budget.setBudget(b.value.account, { writes: b.value.writes, windowSeconds: b.value.windowSeconds });
    return jsonResponse(200, usage(b.value.account));
  });
  ctl.get('/budget', (c) => {
    const account = c.req.query('account') ?? ctx.demo.accountId;
    if (!ctx.accounts.getAccount(account)) return noAccount();
    return jsonResponse(200, usage(account));
  });
  ctl.all('/budget', methodNotAllowed(['GET', 'POST']));

  const headerState = () => ({
    style: ctx.budgetHeaders.override ?? ctx.dialect.current.budgetHeaders,
    override: ctx.budgetHeaders.override,
    dialect: ctx.dialect.current.name,
    dialectStyle: ctx.dialect.current.budgetHeaders,
  });
  ctl.post('/budget-headers', async (c) => {
    const b = await body(c.req.raw, budgetHeadersSchema);
    if (!b.ok) return errorResponse(b.failure);
    ctx.budgetHeaders.override = b.value.style;
    return jsonResponse(200, headerState());
  });
  ctl.get('/budget-headers', () => jsonResponse(200, headerState()));
  ctl.all('/budget-headers', methodNotAllowed(['GET', 'POST']));

  ctl.get('/accounts/:id/writes', (c) => {
    const query = validate(writesQuerySchema, c.req.query());
    if (!query.ok) return errorResponse(query.failure);
    const account = c.req.param('id');
    if (!ctx.accounts.getAccount(account)) return noAccount();
    const { writes, windowSeconds } = ctx.budget.budgetOf(account);
    return jsonResponse(200, {
      account,
      budget: { writes, windowSeconds },
      writes: ctx.budget.writes(account, query.value.since),
    });
  });
  ctl.all('/accounts/:id/writes', methodNotAllowed(['GET', 'HEAD']));

  return ctl;
}
