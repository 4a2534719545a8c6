import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainEarlySettings, plainFirstPage } from '@/lib/messages/first-page-check';
import { parseReply } from '@/lib/messages/reply';

/*
 * The side panel's first page is checked without zod in the plain case (lib/messages/first-page-check.ts):
 * whatever it accepts, it must answer exactly what the reply schema answers; what it does not
 * accept goes to the schema. Tried on replies near the schema's shape: each field right, of another
 * type, or missing, and fields no page knows.
 */

/** Any JSON-ish value, a field of the wrong type. */
const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);
/** Right most of the time, missing or wrong sometimes. */
const mostly = <T>(right: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 6, arbitrary: right },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: junk },
  );

const count = fc.oneof(fc.nat(), fc.constant(-1), fc.constant(1.5), fc.constant(2 ** 53), fc.constant(Number.NaN));
const extra = fc.dictionary(fc.constantFrom('extra', 'html', '__proto__', 'constructor'), junk, { maxKeys: 2 });
const strings = (keys: readonly string[]) =>
  fc.record(Object.fromEntries(keys.map((key) => [key, mostly(fc.string({ maxLength: 8 }))])), { requiredKeys: [] });

const post = fc
  .tuple(
    fc.record(
      {
        id: fc.oneof(
          { weight: 8, arbitrary: fc.string({ minLength: 1, maxLength: 8 }) },
          { weight: 1, arbitrary: junk },
        ),
        type: mostly(fc.constantFrom('post', 'comment')),
        body: mostly(fc.string({ maxLength: 20 })),
        postId: mostly(fc.string({ maxLength: 8 })),
        createdAt: mostly(fc.string({ maxLength: 8 })),
        url: mostly(fc.webUrl()),
        commentCount: mostly(count),
        reactionCounts: mostly(fc.dictionary(fc.string({ maxLength: 12 }), count, { maxKeys: 3 })),
        author: mostly(fc.tuple(strings(['id', 'handle', 'displayName']), extra).map(([a, b]) => ({ ...b, ...a }))),
        moderation: mostly(fc.tuple(strings(['state', 'reason']), extra).map(([a, b]) => ({ ...b, ...a }))),
      },
      { requiredKeys: ['id'] },
    ),
    extra,
  )
  .map(([known, unknown]) => ({ ...unknown, ...known }));

const reply = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      ok: fc.constant(true),
      data: fc.record({
        items: fc.array(post, { maxLength: 6 }),
        nextCursor: mostly(fc.oneof(fc.string(), fc.constant(null))),
      }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ ok: fc.constant(false), error: fc.record({ code: fc.string(), message: fc.string() }) }),
  },
  { weight: 1, arbitrary: junk },
);

describe('the first page checked without zod', () => {
  it('answers what the reply schema answers, wherever it answers at all', () => {
    let answered = 0;
    fc.assert(
      fc.property(reply, (raw) => {
        const plain = plainFirstPage(raw);
        if (plain === undefined) return;
        answered += 1;
        expect(plain).toEqual(parseReply('getTimelinePage', raw));
      }),
      { numRuns: 3_000 },
    );
    // Not only the empty pages: a share of the replies tried were answered without the schema (about
    // 10 % of them; at least 100 of 3,000 in every run).
    expect(answered).toBeGreaterThan(100);
  });

  it('answers a reply of plain posts (the case it exists for), and nothing a page does not know', () => {
    const raw = {
      ok: true,
      extra: 1,
      data: {
        items: [
          {
            id: 'p_1',
            type: 'post',
            body: 'Hello',
            createdAt: '2026-11-30T10:00:00Z',
            commentCount: 2,
            reactionCounts: { well_sourced: 3 },
            author: { id: 'a_1', handle: 'demo', displayName: 'Dana Demo', email: 'x@y' },
            moderation: { state: 'published' },
            html: '<b>no</b>',
          },
        ],
        nextCursor: 'c_2',
        debug: true,
      },
    };
    const plain = plainFirstPage(raw);
    expect(plain).toEqual(parseReply('getTimelinePage', raw));
    expect(plain?.data.items[0]).not.toHaveProperty('html');
    expect(plain?.data.items[0]?.author).not.toHaveProperty('email');
    expect(plain).not.toHaveProperty('extra');
  });

  it('leaves to the schema an error, a field of the wrong type and a malformed reply', () => {
    const page = (item: object) => ({ ok: true, data: { items: [{ id: 'p_1', ...item }], nextCursor: null } });
    expect(plainFirstPage({ ok: false, error: { code: 'network', message: 'Offline.' } })).toBeUndefined();
    expect(plainFirstPage(page({ body: 42 }))).toBeUndefined();
    expect(plainFirstPage(page({ author: 'demo' }))).toBeUndefined();
    expect(plainFirstPage(page({ reactionCounts: { well_sourced: -1 } }))).toBeUndefined();
    expect(plainFirstPage({ ok: true, data: { items: [{ id: '' }], nextCursor: null } })).toBeUndefined();
    expect(plainFirstPage({ ok: true, data: { items: {}, nextCursor: null } })).toBeUndefined();
    expect(plainFirstPage(undefined)).toBeUndefined();
  });

  it('reads the mute lists and the reaction kinds of a settings reply, each only when well-formed', () => {
    const settings = (data: object) => ({ ok: true, data });
    expect(
      plainEarlySettings(
        settings({
          mutedWords: ['spoiler'],
          mutedAuthors: ['troll'],
          reactionKinds: [{ value: 'well_sourced', label: 'Good', x: 1 }],
        }),
      ),
    ).toEqual({ mutes: { words: ['spoiler'], authors: ['troll'] }, kinds: [{ value: 'well_sourced', label: 'Good' }] });
    expect(plainEarlySettings(settings({ mutedWords: ['spoiler', 3], mutedAuthors: [], reactionKinds: [] }))).toEqual(
      {},
    );
    expect(plainEarlySettings(settings({ reactionKinds: [{ value: 'Not A Kind' }] }))).toEqual({});
    expect(plainEarlySettings({ ok: false, error: { code: 'internal', message: '' } })).toEqual({});
    expect(plainEarlySettings(null)).toEqual({});
  });
});
