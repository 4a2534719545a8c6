import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPostId } from '@/lib/links/post-id';
import { idSchema } from '@/lib/messages/fields';

describe('isPostId', () => {
  it('agrees with the protocol idSchema on random strings', () => {
    const alphabet = fc.constantFrom(...'aZ09_-:./% é\u0000'.split(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 120 }), fc.string({ unit: alphabet, maxLength: 110 })), (value) => {
        expect(isPostId(value)).toBe(idSchema.safeParse(value).success);
      }),
      { numRuns: 5000 },
    );
  });
});
