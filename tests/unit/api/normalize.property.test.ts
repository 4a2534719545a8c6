import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeContribution, normalizeMe } from '@/lib/api/normalize';
import { contributionSchema, meSchema } from '@/lib/api/schemas';

/** What a record means, whichever way a server writes it. */
interface Meaning {
  id: string;
  body: string;
  handle: string;
  name: string;
  at: number;
  comments: number;
  reactions: Record<string, number>;
  moderation: 'published' | 'held' | 'rejected';
}

const meaning = fc.record({
  id: fc.stringMatching(/^[a-z0-9_-]{1,20}$/),
  body: fc.string({ maxLength: 40 }),
  handle: fc.stringMatching(/^[a-z][a-z0-9_]{0,14}$/),
  name: fc.stringMatching(/^[A-Z][a-z]{1,8} [A-Z][a-z]{1,8}$/),
  // Whole seconds between 2001 and 2100.
  at: fc.integer({ min: 1_000_000_000, max: 4_102_444_799 }).map((s) => s * 1000),
  comments: fc.nat({ max: 100_000 }),
  // Kinds as the extension accepts them (lib/messages/fields.ts): never `__proto__` and the like.
  reactions: fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/), fc.nat({ max: 1000 }), { maxKeys: 4 }),
  moderation: fc.constantFrom('published' as const, 'held' as const, 'rejected' as const),
}) satisfies fc.Arbitrary<Meaning>;

const oneOf = <T>(...values: T[]) => fc.constantFrom(...values);

/** One server's way of writing a record: names, nesting and formats chosen at random. */
const dialect = fc.record({
  idAsNumber: fc.boolean(),
  bodyName: oneOf('body', 'text', 'content'),
  authorShape: oneOf('object', 'flat', 'user'),
  handleName: oneOf('handle', 'username', 'screen_name', 'acct'),
  nameName: oneOf('displayName', 'display_name', 'name'),
  timeName: oneOf('createdAt', 'created_at', 'publishedAt', 'published_at', 'timestamp'),
  timeFormat: oneOf('iso', 'iso-offset', 'iso-micro', 'seconds', 'millis', 'seconds-string'),
  countsIn: oneOf('top', 'metrics', 'counts', 'stats'),
  commentName: oneOf('commentCount', 'comment_count', 'replies', 'comments_count'),
  reactionsAs: oneOf('map', 'list', 'nested-map'),
  moderationAs: oneOf('object', 'word', 'status'),
  extras: fc.dictionary(fc.stringMatching(/^x_[a-z]{1,6}$/), fc.jsonValue(), { maxKeys: 3 }),
  envelope: fc.boolean(),
});

const MODERATION_SPELLING = { published: 'APPROVED', held: 'pending_review', rejected: 'Removed' } as const;

type Dialect = typeof dialect extends fc.Arbitrary<infer D> ? D : never;

function write(m: Meaning, d: Dialect) {
  const time = {
    iso: new Date(m.at).toISOString(),
    'iso-offset': new Date(m.at + 2 * 3_600_000).toISOString().replace('.000Z', '+02:00'),
    'iso-micro': new Date(m.at).toISOString().replace('.000Z', '.000000Z'),
    seconds: m.at / 1000,
    millis: m.at,
    'seconds-string': String(m.at / 1000),
  }[d.timeFormat];
  const counts: Record<string, unknown> = { [d.commentName]: m.comments };
  counts.reactions =
    d.reactionsAs === 'list'
      ? Object.entries(m.reactions).map(([kind, count]) => ({ kind, count }))
      : d.reactionsAs === 'nested-map'
        ? Object.fromEntries(Object.entries(m.reactions).map(([kind, count]) => [kind, { count }]))
        : m.reactions;
  const author = { [d.handleName]: m.handle, [d.nameName]: m.name };
  const record: Record<string, unknown> = {
    ...d.extras,
    id: d.idAsNumber && /^[1-9]\d{0,14}$/.test(m.id) ? Number(m.id) : m.id,
    [d.bodyName]: m.body,
    [d.timeName]: time,
    ...(d.countsIn === 'top' ? counts : { [d.countsIn]: counts }),
  };
  if (d.authorShape === 'object') record.author = author;
  else if (d.authorShape === 'user') record.user = author;
  else Object.assign(record, { author_handle: m.handle, author_name: m.name });
  const spelled = MODERATION_SPELLING[m.moderation];
  if (d.moderationAs === 'object') record.moderation = { state: spelled };
  else if (d.moderationAs === 'word') record.moderation = spelled;
  else record.status = spelled;
  return d.envelope ? { data: record } : record;
}

/** Every string a record holds, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

describe('the normaliser over random server dialects', () => {
  it('reads the same meaning from any combination of names, nesting and formats', () => {
    fc.assert(
      fc.property(meaning, dialect, (m, d) => {
        const parsed = contributionSchema.parse(normalizeContribution(write(m, d)));
        expect(parsed).toEqual({
          id: m.id,
          body: m.body,
          author: { handle: m.handle, displayName: m.name },
          createdAt: new Date(m.at).toISOString(),
          commentCount: m.comments,
          reactionCounts: m.reactions,
          moderation: { state: m.moderation },
        });
      }),
      { numRuns: 400 },
    );
  });

  it('never throws on any JSON, and what it makes is the model or a clear refusal, never "undefined" in words', () => {
    const field = fc.oneof(fc.jsonValue(), fc.constant(undefined));
    const anyRecord = fc.dictionary(
      fc.constantFrom(
        'id',
        'uuid',
        'body',
        'text',
        'author',
        'user',
        'createdAt',
        'timestamp',
        'metrics',
        'reactions',
        'moderation',
        'status',
        'data',
        'attributes',
        'post',
        'commentCount',
      ),
      field,
    );
    fc.assert(
      fc.property(fc.oneof(anyRecord, fc.jsonValue()), (raw) => {
        const normalized = normalizeContribution(raw);
        const result = contributionSchema.safeParse(normalized);
        if (!result.success) {
          // The client turns this into `bad_response` with the issue's path: say what is missing.
          expect(result.error.issues.length).toBeGreaterThan(0);
          return;
        }
        const made = strings(result.data).join('\n');
        const given = strings(raw).join('\n');
        for (const word of ['undefined', '[object Object]', 'NaN', 'Invalid Date']) {
          if (!given.includes(word)) expect(made).not.toContain(word);
        }
        if (result.data.createdAt !== undefined) expect(Number.isNaN(Date.parse(result.data.createdAt))).toBe(false);
        for (const n of Object.values(result.data.reactionCounts ?? {})) expect(Number.isSafeInteger(n)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on any key check, and gives scopes as a list of words or none', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (raw) => {
        const result = meSchema.safeParse(normalizeMe(raw));
        if (result.success && result.data.scopes !== undefined) {
          for (const scope of result.data.scopes) expect(scope).not.toMatch(/^\s*$|undefined/);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
