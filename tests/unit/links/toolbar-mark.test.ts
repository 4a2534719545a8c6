import { describe, expect, it } from 'vitest';
import { markText, tabMark } from '@/lib/links/toolbar-mark';

const words = {
  name: 'Debate Companion',
  posts: (n: number) => `${n} posts read link to this page`,
  writes: 'writes are waiting in the Outbox',
};

describe('the toolbar mark of a tab', () => {
  it('marks a page posts link to, with a dot before the count', () => {
    expect(tabMark('', 3, words)).toEqual({ text: '•3', title: 'Debate Companion: 3 posts read link to this page' });
    expect([markText(99), markText(100)]).toEqual(['•99', '•99+']);
  });

  it('leaves the button its own without posts about the page', () => {
    expect(tabMark('', 0, words)).toEqual({ text: null, title: 'Debate Companion' });
    expect(tabMark('2', 0, words)).toEqual({ text: null, title: 'Debate Companion' });
    expect(tabMark('', Number.NaN, words)).toEqual({ text: null, title: 'Debate Companion' });
  });

  it('writes waiting keep the badge; the title says both', () => {
    expect(tabMark('2', 3, words)).toEqual({
      text: null,
      title: 'Debate Companion: writes are waiting in the Outbox · 3 posts read link to this page',
    });
    expect(tabMark('!', 1, words).text).toBeNull();
  });
});
