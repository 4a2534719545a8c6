import { describe, expect, it } from 'vitest';
import { drawTrees, treeOf } from '@/entrypoints/sidepanel/fast-open/picture-tree';

function element(markup: string): HTMLElement {
  const host = document.createElement('div');
  // Test input only: the shipped code never parses HTML.
  host.innerHTML = markup;
  return host;
}

describe('the picture’s markup as data', () => {
  it('draws back the elements, attributes and texts it was taken from, SVG included', () => {
    const source = element(
      '<article class="post" data-post-id="p1" aria-label="Dana"><p id="b">Hello <b>world</b></p><svg viewBox="0 0 2 2"><path d="M0 0"></path></svg></article>',
    );
    const copy = document.createElement('div');
    expect(drawTrees(JSON.parse(JSON.stringify(treeOf(source))), copy)).toBe(true);
    expect(copy.innerHTML).toBe(source.innerHTML);
    expect(copy.querySelector('path')?.namespaceURI).toBe('http://www.w3.org/2000/svg');
  });

  it('draws nothing that runs code or leads elsewhere, whatever the record holds', () => {
    const copy = document.createElement('div');
    const forged = [
      ['script', {}, 'alert(1)'],
      ['img', { src: '/icon/16.png' }],
      ['svg:image', { href: '/icon/16.png' }],
      ['video', { src: '/clip.webm', autoplay: '' }],
      ['svg:svg', {}, ['svg:set', { attributeName: 'href', to: 'javascript:alert(1)' }]],
      ['span', { src: 'x', onerror: 'alert(1)', autofocus: '', class: 'handlers' }],
      ['span', { src: '/icon/16.png', class: 'own' }],
      ['span', { src: '//elsewhere.example/x.png', background: 'https://elsewhere.example/b.png', class: 'other' }],
      ['span', { id: '__debateCompanionEarly', class: 'hand-off' }],
      ['div', { style: 'background: url(https://elsewhere.example/t.png)', class: 'beacon' }],
      ['a', { href: 'javascript:alert(1)', class: 'link' }, 'go'],
      ['a', { href: ' https://example.com/post', class: 'ok' }, 'fine'],
      ['iframe', { srcdoc: '<script>alert(1)</script>' }],
      ['svg:svg', {}, ['svg:foreignObject', {}, ['div', {}, 'x']], ['svg:a', { 'xlink:href': 'data:text/html,x' }]],
      ['div', { style: 'color: red', 'bad name': 'x' }, 'kept'],
    ];
    expect(drawTrees(forged, copy)).toBe(true);
    expect(copy.querySelector('script, iframe, foreignObject, img, image, video, set')).toBeNull();
    expect(copy.querySelector('.handlers')?.getAttributeNames()).toEqual(['class']);
    expect(copy.querySelector('.own')?.getAttribute('src')).toBe('/icon/16.png');
    expect(copy.querySelector('.other')?.getAttributeNames()).toEqual(['class']);
    expect(copy.querySelector('.hand-off')?.hasAttribute('id')).toBe(false);
    expect(copy.querySelector('.beacon')?.hasAttribute('style')).toBe(false);
    expect(copy.querySelector('a.link')?.hasAttribute('href')).toBe(false);
    expect(copy.querySelector('a.ok')?.getAttribute('href')).toBe(' https://example.com/post');
    expect(copy.querySelector('svg a')?.getAttributeNames()).toEqual([]);
    expect(copy.querySelector('div:not(.beacon)')?.getAttribute('style')).toBe('color: red');
  });

  it('draws nothing at all from what is not a tree', () => {
    const copy = document.createElement('div');
    copy.append('before');
    for (const bad of [null, 'text', [['div', null]], [[42, {}]], [['di v', {}]], [['p', {}, { child: 1 }]]]) {
      expect(drawTrees(bad, copy)).toBe(false);
      expect(copy.textContent).toBe('before');
    }
  });

  it('refuses a tree deeper than any screen', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 100; level++) deep = ['div', {}, deep];
    expect(drawTrees([deep], document.createElement('div'))).toBe(false);
  });
});
