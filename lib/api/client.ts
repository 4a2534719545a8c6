import ky from 'ky';
import type { z } from 'zod';
import { normalizeBaseUrl } from '@/lib/base-url';
import type { BudgetSignal } from './budget';
import { readBudget } from './budget-headers';
import { ApiError, isApiError } from './errors';
import { errorFromException } from './fetch-error';
import { normalizeCreated, normalizeMe, normalizePage, normalizeReaction } from './normalize';
import { badResponse, errorFromResponse } from './parse-error';
import { asksToWait, isRedirect, KEY_SHAPE, originOf, pathParam } from './request-guards';
import { retryAfterMs } from './retry-after';
import {
  type Contribution,
  contributionSchema,
  type Me,
  meSchema,
  type Reaction,
  reactionSchema,
  type TimelinePage,
  timelinePageSchema,
} from './schemas';

/** A `fetch` the client can be given (tests inject a fake one). */
export type FetchLike = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

/** How to build a client. */
export interface ApiClientOptions {
  /** The API's base address, e.g. `http://127.0.0.1:8787`; spec paths (`v1/…`) are resolved below it. */
  baseUrl: string;
  /**
   * Asked before every request for the key given for `origin` (this client's API origin): the client
   * never holds the key. `undefined` when none is saved for that origin.
   */
  getKey: (origin: string) => Promise<string | undefined>;
  /** Timeout of one attempt in ms (default 15 s). ky's retry is off: the scheduler owns retrying. */
  timeoutMs?: number;
  fetch?: FetchLike;
  /** Clock for Retry-After dates (default `Date.now`). */
  now?: () => number;
  /** Whether the browser believes it is online (default `navigator.onLine`). */
  isOnline?: () => boolean;
}

/** Per-call options. */
export interface RequestOptions {
  /** Aborting after the request left counts as an unknown outcome, like a timeout. */
  signal?: AbortSignal;
  /**
   * Called the moment an answer says "wait" (429, or 503 with Retry-After), with the wait taken from
   * the status line and headers alone, before the body is read: the caller makes the pause durable
   * there. The request still rejects with the rate-limited ApiError afterwards.
   */
  onRetryAfter?: (retryAfterMs: number, status: number) => Promise<void>;
  /**
   * Called with the budget an answer's headers announce (budget-headers.ts), on any status, before
   * `onRetryAfter` and before the request resolves or rejects; awaited, and a throw or rejection is
   * ignored like `onRetryAfter`'s. Not called when the answer announces no budget.
   */
  onBudget?: (signal: BudgetSignal) => void | Promise<void>;
}

/** The Debate API, one method per endpoint of the spec. Every failure rejects with an {@link ApiError}. */
export interface ApiClient {
  readonly baseUrl: string;
  /** `GET /v1/me`: the key check. */
  me(options?: RequestOptions): Promise<Me>;
  /** `GET /v1/timelines/public`: one page; pass the previous page's `nextCursor` as `cursor`. */
  timeline(params?: { limit?: number; cursor?: string }, options?: RequestOptions): Promise<TimelinePage>;
  /** `POST /v1/posts`. */
  createPost(body: string, options?: RequestOptions): Promise<Contribution>;
  /** `POST /v1/posts/{postId}/comments`. */
  createComment(postId: string, body: string, options?: RequestOptions): Promise<Contribution>;
  /** `POST /v1/posts/{postId}/reactions`. */
  createReaction(postId: string, kind: string, options?: RequestOptions): Promise<Reaction>;
}

/** Default per-attempt timeout. */
export const DEFAULT_TIMEOUT_MS = 15_000;

interface Call<T> {
  method: 'get' | 'post';
  path: string;
  schema: z.ZodType<T>;
  /** Turns the server's shape into ours before the schema checks it (normalize.ts); `status` is the answer's. */
  normalize: (value: unknown, status: number) => unknown;
  json?: Record<string, unknown>;
  searchParams?: Record<string, string | number>;
  /** What an empty 2xx body stands for, when the spec promises nothing about it. */
  emptyBody?: unknown;
  options: RequestOptions | undefined;
}

/** Builds the client. One ky instance per client, hence per base URL; the key is fetched per request. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = normalizeBaseUrl(options.baseUrl);
  const timeoutMs = Math.min(Math.max(1, Math.floor(options.timeoutMs ?? DEFAULT_TIMEOUT_MS)), 2_147_483_647);
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine !== false);
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const origin = base === undefined ? '' : new URL(base).origin;
  const api =
    base === undefined
      ? undefined
      : ky.create({
          prefixUrl: base,
          retry: 0,
          timeout: timeoutMs,
          throwHttpErrors: false,
          credentials: 'omit',
          cache: 'no-store',
          // A redirect would carry the key's request elsewhere: it is an answer, never followed.
          redirect: 'manual',
          headers: { accept: 'application/json' },
        });

  async function send<T>(call: Call<T>): Promise<T> {
    if (api === undefined) {
      throw new ApiError({
        kind: 'invalid',
        message: 'The API address must be an https URL (or http on this computer: localhost, 127.0.0.1).',
      });
    }
    if (!isOnline()) throw new ApiError({ kind: 'network', message: 'You are offline.' });
    let key: string | undefined;
    try {
      key = await options.getKey(origin);
    } catch {
      throw new ApiError({ kind: 'network', message: 'Could not read the saved API key.' });
    }
    if (key === undefined || key === '') {
      throw new ApiError({ kind: 'unauthorized', message: `No API key is saved for ${origin}.` });
    }
    // The vault's value is checked at run time too: a non-string would be stringified into the header.
    if (typeof key !== 'string' || !KEY_SHAPE.test(key)) {
      throw new ApiError({ kind: 'unauthorized', message: 'The saved API key is not well-formed.' });
    }

    // Whether fetch was called at all: an error before that means the request never left.
    let sent = false;
    const onRetryAfter = call.options?.onRetryAfter;
    const onBudget = call.options?.onBudget;
    const tracked: FetchLike = async (input, init) => {
      // The one place a request leaves: the key goes to the origin it was given for, or nowhere.
      if (originOf(input) !== origin) {
        throw new ApiError({ kind: 'invalid', message: `Refused to send the key outside ${origin}.` });
      }
      sent = true;
      const response = await fetchImpl(input, init);
      const budget = onBudget === undefined ? undefined : readBudget(response.headers, now());
      if (onBudget !== undefined && budget !== undefined) {
        // The caller's pacing is not this request's outcome.
        await (async () => onBudget(budget))().catch(() => undefined);
      }
      if (onRetryAfter !== undefined && asksToWait(response)) {
        const { headers } = response;
        const wait = retryAfterMs(headers.get('retry-after'), now(), headers.get('date'));
        // A refused store is not this request's failure: the scheduler stores the pause again.
        await onRetryAfter(wait, response.status).catch(() => undefined);
      }
      return response;
    };
    let response: Response;
    try {
      response = await api(call.path, {
        method: call.method,
        json: call.json,
        searchParams: call.searchParams,
        signal: call.options?.signal,
        headers: { authorization: `Bearer ${key}` },
        fetch: tracked,
      });
    } catch (error) {
      throw errorFromException(error, sent, timeoutMs);
    }
    if (isRedirect(response)) {
      throw new ApiError({
        kind: 'invalid',
        status: response.status || undefined,
        message:
          'The platform answered with a redirect to another address, which is not followed: check the API address.',
      });
    }
    if (!response.ok) throw await errorFromResponse(response, { now: now(), secret: key });

    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new ApiError({
        kind: 'network',
        status: response.status,
        outcomeUnknown: true,
        message: 'The connection broke while reading the answer.',
      });
    }
    let value: unknown = call.emptyBody;
    if (text.trim() !== '' || call.emptyBody === undefined) {
      try {
        value = JSON.parse(text);
      } catch {
        throw badResponse(response.status, 'not_json');
      }
    }
    const result = call.schema.safeParse(call.normalize(value, response.status));
    if (!result.success) throw badResponse(response.status, result.error, key);
    return result.data;
  }

  /** The one door: whatever goes wrong, the caller gets an ApiError, never anything else. */
  async function run<T>(call: () => Call<T>): Promise<T> {
    try {
      return await send(call());
    } catch (error) {
      if (isApiError(error)) throw error;
      throw new ApiError({ kind: 'network', outcomeUnknown: true, message: 'The request failed unexpectedly.' });
    }
  }

  return {
    baseUrl: base ?? options.baseUrl,
    me: (opts) =>
      run(() => ({ method: 'get', path: 'v1/me', schema: meSchema, normalize: normalizeMe, options: opts })),
    timeline: (params = {}, opts = undefined) =>
      run(() => {
        const { limit, cursor } = params;
        if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1)) {
          throw new ApiError({ kind: 'invalid', message: 'The page size must be a positive whole number.' });
        }
        const searchParams: Record<string, string | number> = {};
        if (limit !== undefined) searchParams.limit = limit;
        if (cursor !== undefined) searchParams.cursor = cursor;
        return {
          method: 'get',
          path: 'v1/timelines/public',
          schema: timelinePageSchema,
          normalize: normalizePage,
          searchParams,
          options: opts,
        };
      }),
    createPost: (body, opts) =>
      run(() => ({
        method: 'post',
        path: 'v1/posts',
        schema: contributionSchema,
        normalize: normalizeCreated,
        json: { body },
        options: opts,
      })),
    createComment: (postId, body, opts) =>
      run(() => ({
        method: 'post',
        path: `v1/posts/${pathParam(postId, 'post id')}/comments`,
        schema: contributionSchema,
        normalize: normalizeCreated,
        json: { body },
        options: opts,
      })),
    createReaction: (postId, kind, opts) =>
      run(() => ({
        method: 'post',
        path: `v1/posts/${pathParam(postId, 'post id')}/reactions`,
        schema: reactionSchema,
        normalize: normalizeReaction,
        json: { kind },
        // The spec shows no fields for a reaction; a real server might answer 201/204 with no body.
        emptyBody: {},
        options: opts,
      })),
  };
}
