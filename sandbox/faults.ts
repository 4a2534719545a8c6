import { z } from 'zod';
import { newId } from './ids.js';

/** Body of `POST /__sandbox/faults`. */
export const faultSchema = z
  .strictObject({
    /** Delay before the request is handled, in real milliseconds. */
    latencyMs: z.int().min(0).max(120_000).optional(),
    /** Answer this 5xx instead of handling the request (nothing is written). */
    status: z.int().min(500).max(599).optional(),
    /** With `status`: also send `Retry-After` with this many seconds. */
    retryAfterSeconds: z.int().min(0).max(86_400).optional(),
    /** Handle the request (commit any write), then destroy the connection instead of answering. */
    dropAfterCommit: z.boolean().optional(),
    /** Apply to the next N matching requests; omitted: until cleared. */
    count: z.int().min(1).max(1_000_000).optional(),
    /** Only requests with this method. */
    method: z
      .string()
      .regex(/^[A-Za-z]{1,16}$/)
      .transform((m) => m.toUpperCase())
      .optional(),
    /** Only requests whose path starts with this; default `/v1/` (the API). Never applies to `/__sandbox/`. */
    path: z.string().startsWith('/').max(500).optional(),
  })
  .refine((f) => f.latencyMs !== undefined || f.status !== undefined || f.dropAfterCommit === true, {
    message: 'give at least one of latencyMs, status, dropAfterCommit: true',
  })
  .refine((f) => !(f.status !== undefined && f.dropAfterCommit === true), {
    message: 'status and dropAfterCommit exclude each other: a request answered with 5xx commits nothing',
  })
  .refine((f) => f.retryAfterSeconds === undefined || f.status !== undefined, {
    message: 'retryAfterSeconds needs status',
  });

/** One active fault, as listed by the controls. */
export interface Fault {
  id: string;
  latencyMs: number | null;
  status: number | null;
  retryAfterSeconds: number | null;
  dropAfterCommit: boolean;
  /** Matching requests still to affect; null: until cleared. */
  remaining: number | null;
  method: string | null;
  path: string;
}

/** What the faults decided for one request. */
export interface FaultPlan {
  latencyMs: number;
  error: { status: number; retryAfterSeconds: number | null } | null;
  drop: boolean;
}

/** Injected faults, held in memory (they are per run, not data). */
export class FaultService {
  private faults: Fault[] = [];

  add(input: z.infer<typeof faultSchema>): Fault {
    const fault: Fault = {
      id: newId('flt'),
      latencyMs: input.latencyMs ?? null,
      status: input.status ?? null,
      retryAfterSeconds: input.retryAfterSeconds ?? null,
      dropAfterCommit: input.dropAfterCommit ?? false,
      remaining: input.count ?? null,
      method: input.method ?? null,
      path: input.path ?? '/v1/',
    };
    this.faults.push(fault);
    return { ...fault };
  }

  list(): Fault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  /** Removes every fault; returns how many there were. */
  clear(): number {
    const n = this.faults.length;
    this.faults = [];
    return n;
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((f) => f.id !== id);
    return this.faults.length < before;
  }

  /** Every matching fault applies to this request and uses up one of its count. */
  take(method: string, path: string): FaultPlan {
    const plan: FaultPlan = { latencyMs: 0, error: null, drop: false };
    if (path.startsWith('/__sandbox/') || path === '/__sandbox') return plan;
    for (const fault of this.faults) {
      if (fault.method !== null && fault.method !== method) continue;
      if (!path.startsWith(fault.path)) continue;
      plan.latencyMs += fault.latencyMs ?? 0;
      if (fault.status !== null && plan.error === null) {
        plan.error = { status: fault.status, retryAfterSeconds: fault.retryAfterSeconds };
      }
      if (fault.dropAfterCommit) plan.drop = true;
      if (fault.remaining !== null) fault.remaining--;
    }
    this.faults = this.faults.filter((f) => f.remaining === null || f.remaining > 0);
    return plan;
  }
}
