import { z } from 'zod';
import type { ModerationState } from './store/records.js';
import type { SettingsStore } from './store/settings.js';

/** One rule: a regular expression and the reason shown to the author when it matches. */
export interface ModerationRule {
  pattern: string;
  flags: string;
  reason: string;
}

/** The whole pipeline configuration. */
export interface ModerationRules {
  reject: ModerationRule[];
  hold: ModerationRule[];
  /** More links than this holds a contribution; null turns the check off. */
  maxLinks: number | null;
}

/** What the pipeline decided for one text. */
export interface ModerationVerdict {
  state: ModerationState;
  reason: string | null;
}

/** The rules a fresh or reset sandbox starts with. */
export const DEFAULT_MODERATION_RULES: ModerationRules = {
  reject: [
    { pattern: '\\b(casino|buy now)\\b', flags: 'i', reason: 'Rejected as spam (casino or "buy now" wording).' },
  ],
  hold: [{ pattern: '#hold\\b', flags: 'i', reason: 'Held for review (#hold).' }],
  maxLinks: 3,
};

const LINK = /https?:\/\/[^\s<>"]+/gi;

function compiles(rule: { pattern: string; flags?: string | undefined }): boolean {
  try {
    new RegExp(rule.pattern, rule.flags ?? 'i');
    return true;
  } catch {
    return false;
  }
}

const ruleInput = z
  .union([
    z.string().min(1).max(500),
    z.strictObject({
      pattern: z.string().min(1).max(500),
      // Stateless flags only: g and y would make `test` depend on the previous call.
      flags: z
        .string()
        .regex(/^[imsu]{0,4}$/, 'flags may use i, m, s and u')
        .optional(),
      reason: z.string().min(1).max(300).optional(),
    }),
  ])
  .transform((r) => (typeof r === 'string' ? { pattern: r } : r))
  .refine(compiles, 'pattern is not a valid regular expression');

/** Body of `POST /__sandbox/moderation`: each field given replaces that part; `reset` restores the defaults. */
export const moderationControlSchema = z.strictObject({
  reset: z.boolean().optional(),
  reject: z.array(ruleInput).max(50).optional(),
  hold: z.array(ruleInput).max(50).optional(),
  maxLinks: z.int().min(0).max(1000).nullable().optional(),
});

/** Parsed body of `POST /__sandbox/moderation`. */
export type ModerationControl = z.infer<typeof moderationControlSchema>;

function toRule(
  kind: 'reject' | 'hold',
  r: { pattern: string; flags?: string | undefined; reason?: string | undefined },
) {
  const flags = r.flags ?? 'i';
  return {
    pattern: r.pattern,
    flags,
    reason: r.reason ?? `${kind === 'reject' ? 'Rejected' : 'Held for review'}: matched /${r.pattern}/${flags}.`,
  };
}

/** The moderation pipeline every post and comment passes, from the API and the website alike. */
export class ModerationService {
  private rules: ModerationRules;

  constructor(private readonly settings: SettingsStore) {
    this.rules = this.load();
  }

  current(): ModerationRules {
    return structuredClone(this.rules);
  }

  /** Applies a control body and persists the result. */
  update(control: ModerationControl): ModerationRules {
    const base = control.reset ? structuredClone(DEFAULT_MODERATION_RULES) : this.current();
    if (control.reject) base.reject = control.reject.map((r) => toRule('reject', r));
    if (control.hold) base.hold = control.hold.map((r) => toRule('hold', r));
    if (control.maxLinks !== undefined) base.maxLinks = control.maxLinks;
    this.rules = base;
    this.settings.set('moderation_rules', JSON.stringify(base));
    return this.current();
  }

  resetToDefaults(): void {
    this.update({ reset: true });
  }

  /** Reject rules first, then hold rules, then the link count. */
  evaluate(text: string): ModerationVerdict {
    for (const rule of this.rules.reject) {
      if (new RegExp(rule.pattern, rule.flags).test(text)) return { state: 'rejected', reason: rule.reason };
    }
    for (const rule of this.rules.hold) {
      if (new RegExp(rule.pattern, rule.flags).test(text)) return { state: 'held', reason: rule.reason };
    }
    const max = this.rules.maxLinks;
    if (max !== null) {
      const links = text.match(LINK)?.length ?? 0;
      if (links > max) return { state: 'held', reason: `Held for review: more than ${max} links.` };
    }
    return { state: 'published', reason: null };
  }

  private load(): ModerationRules {
    const stored = this.settings.get('moderation_rules');
    if (stored === undefined) return structuredClone(DEFAULT_MODERATION_RULES);
    const parsed = storedRulesSchema.safeParse(safeJson(stored));
    return parsed.success ? parsed.data : structuredClone(DEFAULT_MODERATION_RULES);
  }
}

const storedRule = z.object({ pattern: z.string(), flags: z.string(), reason: z.string() }).refine(compiles);
const storedRulesSchema = z.object({
  reject: z.array(storedRule),
  hold: z.array(storedRule),
  maxLinks: z.number().nullable(),
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
