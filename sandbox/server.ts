import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import type { BudgetHeaderStyle } from './budget-headers.js';
import { createContext } from './context-factory.js';
import { allowedHosts } from './host-check.js';
import type { RequestLogEntry } from './request-log.js';

/** How to start a sandbox. */
export interface SandboxOptions {
  /** Default 0 (any free port) here; the CLI's default is 8787. */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** File path or ':memory:'; default ':memory:' here, '.sandbox/sandbox.sqlite' for the CLI. */
  db?: string;
  /** Demo accounts and a few dozen realistic posts, comments and reactions (only into an empty database). */
  seed?: boolean;
  /** Additionally generate this many synthetic posts in one transaction (benchmarks). */
  posts?: number;
  /** Per-account write budget; default 30 writes per 60 s. */
  budget?: { writes: number; windowSeconds: number };
  /** First webhook retry delay; later ones double. Default 1000. */
  webhookBaseDelayMs?: number;
  /** Injected clock (ms); `POST /__sandbox/clock` adds an offset on top. Default Date.now. */
  now?: () => number;
  /** Request and webhook log lines; default: none. */
  log?: (line: string) => void;
  /** The API's dialect (sandbox/dialects): `standard` (default), `snake` or `resource`. */
  dialect?: string;
  /**
   * How write answers announce the account's budget: `ietf`, `x-ratelimit` or `none`. Default: the
   * dialect's own (`standard` ietf, `snake` x-ratelimit, `resource` none).
   */
  budgetHeaders?: BudgetHeaderStyle;
}

/** A started sandbox. */
export interface RunningSandbox {
  /** 'http://127.0.0.1:PORT', no trailing slash: the API is baseUrl + '/v1/…', the website baseUrl + '/'. */
  baseUrl: string;
  /** A key with every scope for the demo account (also the website's signed-in account). */
  testKey: string;
  /** The demo account's id. */
  account: string;
  /** Every API request as it is logged, once its answer has gone out; in process; returns the unsubscribe. */
  onRequest(listener: (entry: RequestLogEntry) => void): () => void;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  // Wildcard binds are reached locally through loopback; IPv6 literals need brackets in URLs.
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts a sandbox and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const ctx = createContext({
    db: options.db ?? ':memory:',
    now: options.now ?? Date.now,
    budget: options.budget ?? { writes: 30, windowSeconds: 60 },
    webhookBaseDelayMs: options.webhookBaseDelayMs ?? 1000,
    seed: options.seed ?? false,
    posts: options.posts ?? 0,
    log: options.log ?? (() => {}),
    ...(options.dialect === undefined ? {} : { dialect: options.dialect }),
    ...(options.budgetHeaders === undefined ? {} : { budgetHeaders: options.budgetHeaders }),
  });
  const app = createApp(ctx);
  let server: ReturnType<typeof serve>;
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, (info: AddressInfo) =>
        resolve(info.port),
      );
      server.once('error', reject);
    });
    ctx.site.baseUrl = `http://${urlHost(host)}:${port}`;
    ctx.site.hosts = allowedHosts(host, port);
  } catch (e) {
    ctx.webhooks.close();
    ctx.db.close();
    throw e;
  }
  let closing: Promise<void> | undefined;
  return {
    baseUrl: ctx.site.baseUrl,
    testKey: ctx.demo.testKey,
    account: ctx.demo.accountId,
    onRequest: (listener) => ctx.requests.subscribe(listener),
    close() {
      closing ??= new Promise<void>((resolve) => {
        ctx.webhooks.close();
        server.close(() => {
          ctx.db.close();
          resolve();
        });
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      return closing;
    },
  };
}
