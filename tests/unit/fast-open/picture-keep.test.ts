import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { panelCache } from '@/entrypoints/sidepanel/fast-open/panel-cache';
import { PANEL_CACHE_KEY, PICTURE_KEY, readStamped } from '@/entrypoints/sidepanel/fast-open/panel-cache-key';
import { atRest, keepPicture } from '@/entrypoints/sidepanel/fast-open/picture-keep';
import { panelScreen } from './panel-screen';

const READY = { fresh: true, noDrafts: true, replyLabel: 'Reply' };

function mounted(): HTMLElement {
  const app = panelScreen();
  document.body.replaceChildren(app);
  return app;
}

const kept = () => readStamped(localStorage, PICTURE_KEY);

describe('keeping the picture for the next opening', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => document.body.replaceChildren());

  it('keeps the screen at rest, with its width, language and the reply box’s label', () => {
    const lang = document.documentElement.lang;
    document.documentElement.lang = 'fr';
    keepPicture(mounted(), READY);
    document.documentElement.lang = lang;
    expect(kept()).toMatchObject({ width: globalThis.innerWidth, lang: 'fr', replyLabel: 'Reply' });
    expect(JSON.stringify(kept()?.tree)).toContain('"data-post-id":"p2"');
  });

  it('keeps the screen as an opening draws it: an empty reply box open now is left out', () => {
    const app = mounted();
    const toggle = app.querySelector('#post-p1-reply-toggle');
    toggle?.setAttribute('aria-expanded', 'true');
    toggle?.setAttribute('aria-controls', 'post-p1-reply');
    const box = document.createElement('div');
    box.className = 'post-reply';
    box.append(document.createElement('textarea'));
    app.querySelector('#post-p1')?.append(box);
    box.querySelector('textarea')?.focus();
    expect(atRest(app)).toBe(true);
    keepPicture(app, READY);
    const tree = JSON.stringify(kept()?.tree);
    expect(tree).not.toContain('post-reply');
    expect(tree).not.toContain('aria-controls');
    expect(tree).toContain('"aria-expanded":"false"');
    expect(app.querySelector('.post-reply')).not.toBeNull();
  });

  it('is not at rest with a menu open, text typed, the focus on a control, or another tab shown', () => {
    const cases: ((app: HTMLElement) => void)[] = [
      (app) => app.querySelector('#post-p2 .reaction')?.setAttribute('aria-expanded', 'true'),
      (app) => {
        (app.querySelector('#search') as HTMLInputElement).value = 'climate';
      },
      (app) => {
        (app.querySelector('#post-p2 .reaction') as HTMLElement).focus();
      },
      (app) => {
        const tab = document.createElement('button');
        tab.setAttribute('role', 'tab');
        tab.setAttribute('aria-selected', 'false');
        app.prepend(tab);
      },
      (app) => {
        for (const article of app.querySelectorAll('article')) article.remove();
      },
    ];
    for (const change of cases) {
      const app = mounted();
      change(app);
      expect(atRest(app)).toBe(false);
    }
  });

  it('leaves the kept picture as it is when the screen is not at rest, and forgets it for stale posts or a draft', () => {
    keepPicture(mounted(), READY);
    const app = mounted();
    (app.querySelector('#post-p2 .reaction') as HTMLElement).focus();
    keepPicture(app, READY);
    expect(kept()).toBeDefined();
    keepPicture(mounted(), { ...READY, noDrafts: false });
    expect(kept()).toBeUndefined();
    keepPicture(mounted(), READY);
    keepPicture(mounted(), { ...READY, fresh: false });
    expect(kept()).toBeUndefined();
  });

  it('keeps with it the record of the posts it shows', () => {
    panelCache().firstPage.write([{ id: 'p1' }, { id: 'p2' }]);
    keepPicture(mounted(), READY);
    expect(kept()?.shows).toBe(localStorage.getItem(PANEL_CACHE_KEY));
  });
});
