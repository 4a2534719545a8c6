import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { panelCache } from '@/entrypoints/sidepanel/fast-open/panel-cache';
import { PICTURE_KEY, readStamped, shownRecord } from '@/entrypoints/sidepanel/fast-open/panel-cache-key';
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
    app.querySelector('[data-post-id="p1"]')?.append(box);
    box.querySelector('textarea')?.focus();
    expect(atRest(app)).toBe(true);
    keepPicture(app, READY);
    const tree = JSON.stringify(kept()?.tree);
    expect(tree).not.toContain('post-reply');
    expect(tree).not.toContain('aria-controls');
    expect(tree).toContain('"aria-expanded":"false"');
    expect(app.querySelector('.post-reply')).not.toBeNull();
  });

  it('keeps no hidden view, no announcement, each list’s choice, and the rows where an opening draws them', () => {
    const app = mounted();
    const outbox = document.createElement('div');
    outbox.hidden = true;
    outbox.textContent = 'My unsent words';
    const status = document.createElement('p');
    status.setAttribute('role', 'status');
    status.textContent = 'Reply queued';
    const speaker = document.createElement('select');
    for (const name of ['first', 'second']) {
      const option = document.createElement('option');
      option.value = name;
      option.textContent = name;
      speaker.append(option);
    }
    app.append(outbox, status, speaker);
    speaker.selectedIndex = 1;
    // A reply box open (40 px, as laid out) under the first post moved the second post down.
    const box = document.createElement('div');
    box.className = 'post-reply';
    app.querySelector('[data-post-id="p1"]')?.append(box);
    const second = app.querySelector<HTMLElement>('.vlist-row[data-index="1"]');
    if (second !== null) second.style.transform = 'translateY(190px)';
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.matches('.post-reply') ? 40 : 0;
    });
    keepPicture(app, READY);
    const tree = JSON.stringify(kept()?.tree);
    expect(tree).not.toContain('My unsent words');
    expect(tree).not.toContain('Reply queued');
    expect(tree).toContain('["option",{"value":"second","selected":""},"second"]');
    expect(tree).toContain('translateY(150px)');
  });

  it('leaves out what the background’s status draws, which the next opening draws only once it arrives', () => {
    const app = mounted();
    const badge = document.createElement('span');
    badge.dataset.fromStatus = '';
    badge.textContent = '3 writes wait';
    const banner = document.createElement('div');
    banner.className = 'pause-banner warn';
    banner.dataset.fromStatus = '';
    banner.append('Writes are paused');
    app.append(badge, banner);
    keepPicture(app, READY);
    const tree = JSON.stringify(kept()?.tree);
    expect(tree).not.toContain('3 writes wait');
    expect(tree).not.toContain('pause-banner');
    expect(tree).toContain('"data-post-id":"p2"');
  });

  it('dims what an opening dims while its fresh first page loads, as the live panel first draws it', () => {
    keepPicture(mounted(), READY);
    expect(JSON.stringify(kept()?.tree)).toContain(
      '["button",{"type":"button","class":"refresh","data-opens-disabled":"","aria-disabled":"true"},"Refresh"]',
    );
  });

  it('draws what the next opening picks: the speaker it speaks as, the stars unpressed, no description of what went', () => {
    const app = mounted();
    const speaker = document.createElement('select');
    speaker.dataset.opensValue = 'acct-one';
    for (const id of ['acct-one', 'acct-two']) {
      const option = document.createElement('option');
      option.value = id;
      option.textContent = id;
      speaker.append(option);
    }
    const star = document.createElement('button');
    star.setAttribute('aria-pressed', 'true');
    star.setAttribute('aria-label', 'Save');
    star.title = 'Saved';
    star.dataset.opensUnpressed = '☆';
    const glyph = document.createElement('span');
    glyph.setAttribute('aria-hidden', 'true');
    glyph.textContent = '★';
    star.append(glyph);
    const tab = document.createElement('button');
    tab.setAttribute('aria-describedby', 'tab-outbox-desc');
    const description = document.createElement('span');
    description.id = 'tab-outbox-desc';
    description.dataset.fromStatus = '';
    app.append(speaker, star, tab, description);
    // Chosen in this panel only: the next opening speaks as the default again.
    speaker.value = 'acct-two';
    keepPicture(app, READY);
    const tree = JSON.stringify(kept()?.tree);
    expect(tree).toContain('["option",{"value":"acct-one","selected":""},"acct-one"]');
    expect(tree).toContain('["option",{"value":"acct-two"},"acct-two"]');
    expect(tree).toContain('"aria-pressed":"false"');
    expect(tree).toContain('"title":"Save"');
    expect(tree).toContain('["span",{"aria-hidden":"true"},"☆"]');
    expect(tree).not.toContain('★');
    expect(tree).not.toContain('aria-describedby');
  });

  it('is not at rest with a menu open, text typed, the focus on a control, or another tab shown', () => {
    const cases: ((app: HTMLElement) => void)[] = [
      (app) => app.querySelector('[data-post-id="p2"] .reaction')?.setAttribute('aria-expanded', 'true'),
      (app) => {
        (app.querySelector('#search') as HTMLInputElement).value = 'climate';
      },
      (app) => {
        (app.querySelector('[data-post-id="p2"] .reaction') as HTMLElement).focus();
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
      // The Saved list open over the timeline.
      (app) => app.querySelector('[role="feed"]')?.parentElement?.setAttribute('hidden', ''),
    ];
    for (const change of cases) {
      const app = mounted();
      change(app);
      expect(atRest(app)).toBe(false);
    }
  });

  it('leaves the kept picture as it is when the screen is not at rest or its posts not fresh, and forgets it for a draft', () => {
    keepPicture(mounted(), READY);
    const app = mounted();
    (app.querySelector('[data-post-id="p2"] .reaction') as HTMLElement).focus();
    keepPicture(app, READY);
    expect(kept()).toBeDefined();
    keepPicture(mounted(), { ...READY, fresh: false });
    expect(kept()).toBeDefined();
    keepPicture(mounted(), { ...READY, noDrafts: false });
    expect(kept()).toBeUndefined();
  });

  it('keeps with it the record of the posts it shows', () => {
    panelCache().firstPage.write([{ id: 'p1' }, { id: 'p2' }]);
    keepPicture(mounted(), READY);
    expect(kept()?.shows).toBe(shownRecord(localStorage));
  });
});
