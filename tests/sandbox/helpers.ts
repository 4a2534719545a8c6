import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../sandbox/server.js';

/** A parsed HTTP answer. */
export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

/** The error body every refusal carries. */
export interface ErrorBody {
  error: { code: string; message: string; [extra: string]: unknown };
}

/** A fixed start time: the sandbox clock only moves through `POST /__sandbox/clock`. */
export const T0 = Date.UTC(2026, 10, 22, 8, 0, 0);

/** A sandbox on a free port with an in-memory database and a frozen clock, plus request helpers. */
export class TestSandbox {
  private constructor(readonly sandbox: RunningSandbox) {}

  static async start(options: SandboxOptions = {}): Promise<TestSandbox> {
    return new TestSandbox(await startSandbox({ db: ':memory:', now: () => T0, webhookBaseDelayMs: 10, ...options }));
  }

  get base(): string {
    return this.sandbox.baseUrl;
  }
  get key(): string {
    return this.sandbox.testKey;
  }
  get account(): string {
    return this.sandbox.account;
  }

  close(): Promise<void> {
    return this.sandbox.close();
  }

  /** Any request; `json` is set when the answer parses as JSON. */
  async request<T = unknown>(method: string, path: string, init: RequestInit = {}): Promise<Answer<T>> {
    const res = await fetch(`${this.base}${path}`, { ...init, method, redirect: 'manual' });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json: json as T };
  }

  /** An API call with a key (the test key unless given; null sends no Authorization) and an optional JSON body. */
  api<T = unknown>(method: string, path: string, body?: unknown, key: string | null = this.key): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (key !== null) headers.Authorization = `Bearer ${key}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return this.request<T>(method, path, {
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** A control call; throws unless it answers 2xx. */
  async control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.request<T>(method, `/__sandbox${path}`, {
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
    });
    if (answer.status >= 300) throw new Error(`control ${method} ${path} answered ${answer.status}: ${answer.text}`);
    return answer.json;
  }

  /** A new key (and a new account unless one is named). */
  newKey(scopes: string[], account?: string): Promise<{ key: string; account: string; keyId: string }> {
    return this.control('POST', '/keys', { scopes, ...(account ? { account } : {}) });
  }

  advance(ms: number): Promise<{ now: number }> {
    return this.control('POST', '/clock', { advanceMs: ms });
  }

  stats(): Promise<Record<string, number | string>> {
    return this.control('GET', '/stats');
  }

  /** Creates a post through the API and returns its id. */
  async post(body: string, key = this.key): Promise<string> {
    const answer = await this.api<{ id: string }>('POST', '/v1/posts', { body }, key);
    if (answer.status !== 201) throw new Error(`post answered ${answer.status}: ${answer.text}`);
    return answer.json.id;
  }

  /** A website form POST. */
  form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request('POST', path, {
      body: new URLSearchParams(fields).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    });
  }
}

/** All four scopes. */
export const ALL_SCOPES = ['posts:read', 'posts:write', 'debates:write', 'reactions:write'];

/** Waits until `check` returns a value other than undefined (polling; for asynchronous deliveries). */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}
