import { describe, expect, it } from 'vitest';
import type { PostView } from '@/lib/messages/fields';
import {
  containsWord,
  filterTimeline,
  fold,
  matchesSearch,
  muteReason,
  muteRules,
  searchTerms,
  visibleTest,
} from '@/lib/ui/timeline-filter';

const post = (id: string, body: string, handle = 'marcus', displayName = 'Marcus Lee'): PostView => ({
  id,
  body,
  author: { handle, displayName },
});
const ids = (items: readonly PostView[]) => items.map((item) => item.id);

describe('search', () => {
  it('folds case, accents and compatibility forms', () => {
    expect(fold('Tomás ÇAFÉ ﬁne')).toBe('tomas cafe fine');
  });

  it('needs every word of the query, in the text or the author, in any case and accent', () => {
    const items = [
      post('a', 'Bus lanes on Route 9', 'tomas', 'Tomás Ortega'),
      post('b', 'Café hours downtown'),
      post('c', 'Nothing to see'),
    ];
    const find = (query: string) => items.filter((item) => matchesSearch(item, searchTerms(query))).map((i) => i.id);
    expect(find('TOMAS')).toEqual(['a']);
    expect(find('cafe')).toEqual(['b']);
    expect(find('  route   BUS ')).toEqual(['a']);
    expect(find('@marcus')).toEqual(['b', 'c']);
    expect(find('marcus hours')).toEqual(['b']);
    expect(find('bus café')).toEqual([]);
    expect(find('')).toEqual(['a', 'b', 'c']);
  });

  it('treats what the user types as text, never as a pattern', () => {
    const items = [post('a', 'a+b=c (really?)'), post('b', 'aab=c really')];
    expect(items.filter((item) => matchesSearch(item, searchTerms('a+b (really?)'))).map((i) => i.id)).toEqual(['a']);
  });
});

describe('mutes', () => {
  it('matches a muted word as a whole word or phrase, case and accents ignored', () => {
    expect(containsWord(fold('We need more Education'), 'cat')).toBe(false);
    expect(containsWord(fold('My cat, again.'), 'cat')).toBe(true);
    expect(containsWord(fold('cats'), 'cat')).toBe(false);
    expect(containsWord(fold('The Route 9 trial'), fold('route 9'))).toBe(true);
    expect(containsWord(fold('Über alles'), fold('uber'))).toBe(true);
    // Scripts without spaces between words match anywhere.
    expect(containsWord('今日は猫がいる', '猫')).toBe(true);
  });

  it('never runs a muted word as a regular expression', () => {
    const rules = muteRules({ words: ['.*', 'a(b'], authors: [] });
    expect(muteReason(post('a', 'anything at all'), rules)).toBeUndefined();
    expect(muteReason(post('b', 'x a(b y'), rules)).toEqual({ kind: 'word', word: 'a(b' });
  });

  it('mutes an author by handle, with or without @, in any case; the author counts first', () => {
    const rules = muteRules({ words: ['trial'], authors: ['@Marcus'] });
    expect(muteReason(post('a', 'the trial'), rules)).toEqual({ kind: 'author', handle: 'marcus' });
    expect(muteReason(post('b', 'the trial', 'priya'), rules)).toEqual({ kind: 'word', word: 'trial' });
    expect(muteReason(post('c', 'fine', 'priya'), rules)).toBeUndefined();
    expect(muteReason({ id: 'd', body: 'no author' }, rules)).toBeUndefined();
  });

  it('hides muted posts, counts them among the matches, and shows them with their reason on request', () => {
    const items = [post('a', 'one'), post('b', 'two', 'priya'), post('c', 'three spoiler', 'priya')];
    const rules = muteRules({ words: ['spoiler'], authors: ['marcus'] });
    const hidden = filterTimeline(items, [], rules, false);
    expect(ids(hidden.visible)).toEqual(['b']);
    expect([hidden.hidden, hidden.matches]).toEqual([2, 3]);
    const shown = filterTimeline(items, [], rules, true);
    expect(ids(shown.visible)).toEqual(['a', 'b', 'c']);
    expect(shown.reasons.get('a')).toEqual({ kind: 'author', handle: 'marcus' });
    expect(shown.reasons.get('c')).toEqual({ kind: 'word', word: 'spoiler' });
    // With a search, only the muted posts that match it count as hidden.
    const searched = filterTimeline(items, searchTerms('t'), rules, false);
    expect([ids(searched.visible), searched.hidden, searched.matches]).toEqual([['b'], 1, 2]);
    expect(items.filter(visibleTest(searchTerms('t'), rules, false)).map((i) => i.id)).toEqual(['b']);
  });

  it('without a search or mutes hands back the same list (nothing to copy)', () => {
    const items = [post('a', 'one')];
    expect(filterTimeline(items, [], muteRules(undefined), false).visible).toBe(items);
  });
});
