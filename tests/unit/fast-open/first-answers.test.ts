import { describe, expect, it } from 'vitest';
import type { EarlyRequests } from '@/entrypoints/sidepanel/fast-open/early-requests';
import { firstAnswers } from '@/entrypoints/sidepanel/fast-open/first-answers';

/** A promise and the function that settles it, for answers that arrive when the test says. */
function later<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const page = {
  ok: true,
  data: { items: [{ id: 'p_1', body: 'Spoiler ahead', author: { handle: 'troll' } }], nextCursor: null },
};
const settings = {
  ok: true,
  data: { mutedWords: ['spoiler'], mutedAuthors: ['troll'], reactionKinds: [{ value: 'well_sourced' }] },
};
const nothingKept = {
  mutes: () => undefined,
  kinds: () => undefined,
  rememberMutes: () => undefined,
  rememberKinds: () => undefined,
};

/** Whether `promise` has settled after the queued tasks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('the early answers of an opening with nothing kept', () => {
  it('hand over the first page only once the early mute lists and kinds stand in, so no muted post is drawn', async () => {
    const early = later<unknown>();
    const requests: EarlyRequests = {
      firstPage: Promise.resolve(page),
      settings: early.promise,
      drafts: Promise.resolve(undefined),
    };
    const answers = firstAnswers(requests, nothingKept);
    const checked = answers.checkedFirstPage(page);
    expect(await settled(checked)).toBe(false);
    expect(answers.mutes.cached).toBeUndefined();
    early.resolve(settings);
    expect(await checked).toEqual(page);
    expect(answers.mutes.cached).toEqual({ words: ['spoiler'], authors: ['troll'] });
    expect(answers.kinds.cached).toEqual([{ value: 'well_sourced' }]);
  });

  it('with lists and kinds kept, hand the page over at once and keep the kept ones', async () => {
    const kept = {
      ...nothingKept,
      mutes: () => ({ words: ['kept'], authors: [] }),
      kinds: () => [{ value: 'agree' }],
    };
    const requests: EarlyRequests = {
      firstPage: Promise.resolve(page),
      settings: new Promise(() => undefined),
      drafts: Promise.resolve(undefined),
    };
    const answers = firstAnswers(requests, kept);
    expect(await answers.checkedFirstPage(page)).toEqual(page);
    expect(answers.mutes.cached).toEqual({ words: ['kept'], authors: [] });
  });

  it('a settings answer that fails or is malformed leaves nothing standing in, and the page still comes', async () => {
    const requests: EarlyRequests = {
      firstPage: Promise.resolve(page),
      settings: Promise.reject(new Error('gone')),
      drafts: Promise.resolve(undefined),
    };
    const answers = firstAnswers(requests, nothingKept);
    expect(await answers.checkedFirstPage(page)).toEqual(page);
    expect(answers.mutes.cached).toBeUndefined();
    const malformed = firstAnswers(
      { ...requests, settings: Promise.resolve({ ok: true, data: { mutedWords: 'x' } }) },
      nothingKept,
    );
    expect(await malformed.checkedFirstPage(page)).toEqual(page);
    expect(malformed.mutes.cached).toBeUndefined();
  });
});
