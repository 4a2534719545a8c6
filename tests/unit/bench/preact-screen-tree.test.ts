import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { propsOf, type ScreenNode, screenTree } from '@/bench/support/preact-screen-tree';

const SVG = 'http://www.w3.org/2000/svg';

describe('screenTree (the Preact screen pages of the side panel bench)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  // How `spellcheck` and its kind land in the DOM is the browser's (Chromium writes the property back
  // as the attribute, happy-dom has no such property): the props are checked here, and the bench
  // checks every screen page's attributes in Chromium before it opens them.
  it('writes each attribute back as the kept screen had it', () => {
    expect(propsOf({ hidden: '', spellcheck: 'false', draggable: 'true', translate: 'no', class: 'a b' })).toEqual({
      hidden: true,
      spellcheck: false,
      draggable: true,
      translate: false,
      class: 'a b',
    });
  });

  it('draws the kept tree, SVG in its namespace, and a Reply opens a text area in its own post', async () => {
    const tree: ScreenNode[] = [
      ['div', { class: 'panel', hidden: '' }, 'Tabs'],
      ['input', { type: 'search', spellcheck: 'false', maxlength: '200' }],
      ['svg', { viewBox: '0 0 10 10' }, ['path', { d: 'M0 0h10' }]],
      ['article', { 'data-post-id': 'p1' }, ['p', {}, 'First'], ['button', { class: 'reply-toggle' }, 'Reply']],
      ['article', { 'data-post-id': 'p2' }, ['p', {}, 'Second'], ['button', { class: 'reply-toggle' }, 'Reply']],
    ];
    const app = document.createElement('div');
    document.body.append(app);
    render(screenTree(tree), app);
    expect(app.querySelector('div.panel')?.hasAttribute('hidden')).toBe(true);
    expect(app.querySelector('input')?.getAttribute('maxlength')).toBe('200');
    expect(app.querySelector('path')?.namespaceURI).toBe(SVG);
    expect(app.textContent).toBe('TabsFirstReplySecondReply');
    await act(() => app.querySelectorAll<HTMLButtonElement>('.reply-toggle').item(1).click());
    const posts = app.querySelectorAll('article');
    expect(posts.item(1).querySelector('.post-reply textarea')).not.toBeNull();
    expect(posts.item(0).querySelector('.post-reply')).toBeNull();
  });
});
