import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheStamp, PANEL_SNAPSHOT_KEY } from '@/entrypoints/sidepanel/fast-open/panel-cache-key';
import { keepFirstPageSnapshot, saveSnapshot, showSnapshot } from '@/entrypoints/sidepanel/fast-open/panel-snapshot';

/** A panel as Preact draws it, with what the picture must not keep. */
function panel(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `
    <div class="panel">
      <button id="tab-timeline" aria-controls="panel-timeline">Timeline</button>
      <p role="alert">Rate limited until 12:00</p>
      <textarea id="new-post" aria-describedby="hint">draft text</textarea>
      <div role="tabpanel" class="outbox-tab" hidden><p>My queued post about the vote</p></div>
      <div class="vlist"><div role="feed" aria-label="Timeline">
        <div class="vlist-row" style="transform: translateY(0px)">
          <article aria-labelledby="a1" data-post-id="p1">
            <h3 id="a1">Ada</h3><time datetime="2026-11-22T10:00:00Z" title="Sunday">5 min. ago</time>
            <p>&lt;b&gt;not bold&lt;/b&gt; <a href="https://example.org/x">link</a> <a href="javascript:alert(1)">bad</a></p>
            <img src="data:x" onerror="alert(1)" alt="">
            <input value="secret">
          </article>
        </div>
      </div></div>
    </div>`;
  return root;
}

describe('panel snapshot', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a cleaned picture and shows it inert and hidden from assistive technology', () => {
    saveSnapshot(panel());
    const container = document.createElement('div');
    expect(showSnapshot(container)).toBe(true);
    expect(container.getAttribute('inert')).toBe('');
    expect(container.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('article[data-post-id="p1"]')).not.toBeNull();
    // Ids and references (the live panel has the same), alerts, times, form values, handlers, odd links: gone.
    expect(container.querySelector('[id], [aria-controls], [aria-labelledby], [aria-describedby]')).toBeNull();
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(container.querySelector('time')?.textContent).toBe('');
    expect(container.querySelector('textarea')?.textContent).toBe('');
    expect(container.querySelector('.outbox-tab')?.childElementCount).toBe(0);
    expect(container.textContent).not.toContain('My queued post');
    expect(container.querySelector('input')?.hasAttribute('value')).toBe(false);
    expect(container.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(container.querySelector('img')?.hasAttribute('src')).toBe(false);
    const links = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://example.org/x', null]);
    // Text stays text.
    expect(container.querySelector('p')?.textContent).toContain('<b>not bold</b>');
    expect(container.querySelector('b')).toBeNull();
  });

  it('leaves out the rows below the fold', () => {
    const root = panel();
    const feed = root.querySelector('[role="feed"]') as HTMLElement;
    const below = document.createElement('div');
    below.className = 'vlist-row';
    below.dataset.key = 'p2';
    below.innerHTML = '<article data-post-id="p2">Below</article>';
    below.getBoundingClientRect = () => ({ top: innerHeight + 10 }) as DOMRect;
    (feed.firstElementChild as HTMLElement).dataset.key = 'p1';
    feed.append(below);
    saveSnapshot(root);
    const container = document.createElement('div');
    showSnapshot(container);
    expect([...container.querySelectorAll('article')].map((a) => a.dataset.postId)).toEqual(['p1']);
  });

  it('shows nothing without a picture, or with one from another build or damaged', () => {
    const container = document.createElement('div');
    expect(showSnapshot(container)).toBe(false);
    localStorage.setItem(
      PANEL_SNAPSHOT_KEY,
      JSON.stringify({ stamp: '1:/chunks/old.js', nodes: [['article', {}, []]] }),
    );
    expect(showSnapshot(container)).toBe(false);
    localStorage.setItem(PANEL_SNAPSHOT_KEY, '{broken');
    expect(showSnapshot(container)).toBe(false);
    // An HTML string (what an older format kept) is not a tree: nothing is parsed.
    localStorage.setItem(PANEL_SNAPSHOT_KEY, JSON.stringify({ stamp: cacheStamp(), nodes: '<article></article>' }));
    expect(showSnapshot(container)).toBe(false);
    expect(container.childElementCount).toBe(0);
  });

  it('draws a kept tree with DOM methods: texts stay texts, scripts and handlers never come back', () => {
    const innerHTML = vi.spyOn(Element.prototype, 'innerHTML', 'set');
    const nodes = [
      [
        'article',
        { 'data-post-id': 'p1', onclick: 'alert(1)', '1bad': 'x' },
        ['<img src=x onerror=alert(1)>', ['script', {}, ['alert(1)']], ['a', { href: 'javascript:alert(1)' }, ['x']]],
      ],
      ['bad tag', {}, []],
      42,
    ];
    localStorage.setItem(PANEL_SNAPSHOT_KEY, JSON.stringify({ stamp: cacheStamp(), nodes }));
    const container = document.createElement('div');
    expect(showSnapshot(container)).toBe(true);
    const article = container.querySelector('article') as HTMLElement;
    expect(article.dataset.postId).toBe('p1');
    expect(article.hasAttribute('onclick')).toBe(false);
    expect(article.textContent).toBe('<img src=x onerror=alert(1)>x');
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(container.childElementCount).toBe(1);
    expect(innerHTML).not.toHaveBeenCalled();
  });

  it('answers false for a picture without posts (the live panel sets the mark then)', () => {
    const root = document.createElement('div');
    root.innerHTML = '<div class="panel"><p>Empty timeline</p></div>';
    saveSnapshot(root);
    const container = document.createElement('div');
    expect(showSnapshot(container)).toBe(false);
    expect(container.textContent).toContain('Empty timeline');
  });

  it('is taken once, when the fresh first page is drawn at the top of the timeline', () => {
    vi.useFakeTimers();
    try {
      let state = { stale: true, loading: 'refresh' as unknown, items: [1] as unknown[] };
      const listeners = new Set<() => void>();
      const source = {
        getState: () => state,
        subscribe: (listener: () => void) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
      const root = panel();
      keepFirstPageSnapshot(source, root);
      for (const listener of [...listeners]) listener();
      vi.runAllTimers();
      expect(localStorage.getItem(PANEL_SNAPSHOT_KEY)).toBeNull();
      state = { stale: false, loading: null, items: [1] };
      for (const listener of [...listeners]) listener();
      expect(listeners.size).toBe(0);
      vi.runAllTimers();
      expect(localStorage.getItem(PANEL_SNAPSHOT_KEY)).toContain('data-post-id');
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not taken while the panel is scrolled or shows another tab', () => {
    const ready = {
      getState: () => ({ stale: false, loading: null, items: [1] }),
      subscribe: () => () => undefined,
    };
    const scrolled = panel();
    (scrolled.querySelector('.vlist') as HTMLElement).scrollTop = 300;
    const otherTab = panel();
    otherTab.querySelector('.panel')?.setAttribute('hidden', '');
    vi.useFakeTimers();
    try {
      for (const root of [scrolled, otherTab]) {
        keepFirstPageSnapshot(ready, root);
        vi.runAllTimers();
        expect(localStorage.getItem(PANEL_SNAPSHOT_KEY)).toBeNull();
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
