import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { panelCache } from '@/entrypoints/sidepanel/fast-open/panel-cache';
import { PICTURE_KEY, writeStamped } from '@/entrypoints/sidepanel/fast-open/panel-cache-key';
import { drawPicture, type Handover, takePicture } from '@/entrypoints/sidepanel/fast-open/picture';
import { treeOf } from '@/entrypoints/sidepanel/fast-open/picture-tree';
import { keepScreen, panelScreen } from './panel-screen';

const VIEW = { width: 400, lang: 'en' };

function keep(view = VIEW) {
  keepScreen(view);
}

/** The picture of {@link panelScreen}, kept and drawn into a new `#app`. */
function drawn(): HTMLElement {
  keep();
  const app = mountApp();
  drawPicture(app, localStorage, VIEW);
  return app;
}

function mountApp(): HTMLElement {
  const app = document.createElement('div');
  app.id = 'app';
  document.body.append(app);
  return app;
}

describe('the picture of the last opening', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    takePicture()?.handOver();
    document.body.replaceChildren();
  });

  it('is drawn only for the width and language it was kept at', () => {
    keep();
    const app = mountApp();
    expect(drawPicture(app, localStorage, { width: 500, lang: 'en' })).toBeUndefined();
    expect(drawPicture(app, localStorage, { width: 400, lang: 'de' })).toBeUndefined();
    expect(app.childElementCount).toBe(0);
    expect(drawPicture(app, localStorage, VIEW)).toBeDefined();
    expect(app.querySelectorAll('article')).toHaveLength(2);
  });

  it('is not drawn once what it shows changed: the kept posts, mute lists or reaction kinds', () => {
    panelCache().firstPage.write([{ id: 'p1' }, { id: 'p2' }]);
    keep();
    for (const change of [
      () => panelCache().firstPage.write([{ id: 'p9' }]),
      () => panelCache().rememberMutes({ words: ['spoiler'], authors: [] }),
      () => panelCache().rememberKinds([{ value: 'off_topic', label: 'Off topic' }]),
    ]) {
      const app = mountApp();
      expect(drawPicture(app, localStorage, VIEW)).toBeDefined();
      takePicture()?.handOver();
      change();
      expect(drawPicture(app, localStorage, VIEW)).toBeUndefined();
      keep();
      app.remove();
    }
  });

  it('is not drawn from a damaged record or another build’s', () => {
    const app = mountApp();
    localStorage.setItem(PICTURE_KEY, '{oops');
    expect(drawPicture(app, localStorage, VIEW)).toBeUndefined();
    localStorage.setItem(
      PICTURE_KEY,
      JSON.stringify({ tree: treeOf(panelScreen()), ...VIEW, replyLabel: 'Reply', stamp: 'other' }),
    );
    expect(drawPicture(app, localStorage, VIEW)).toBeUndefined();
    writeStamped(localStorage, PICTURE_KEY, { tree: [['p', null]], ...VIEW, replyLabel: 'Reply' });
    expect(drawPicture(app, localStorage, VIEW)).toBeUndefined();
    expect(app.childElementCount).toBe(0);
  });

  it('opens a reply box at a click on Reply, focused, and hands over what was typed there', () => {
    const app = drawn();
    app.querySelector<HTMLButtonElement>('#post-p2-reply-toggle')?.click();
    const box = app.querySelector<HTMLTextAreaElement>('[data-post-id="p2"] .post-reply textarea');
    expect(box).not.toBeNull();
    expect(document.activeElement).toBe(box);
    expect(box?.getAttribute('aria-label')).toBe('Reply');
    expect(box?.className).toBe('composer-text');
    expect(app.querySelector('#post-p2-reply-toggle')?.getAttribute('aria-expanded')).toBe('true');
    if (box === null) return;
    box.value = 'Good point';
    box.setSelectionRange(4, 4);
    const handover = takePicture()?.handOver() as Handover;
    expect(handover.replies).toEqual([{ postId: 'p2', text: 'Good point', start: 4, end: 4, focused: true }]);
    expect(handover.actions).toEqual([]);
  });

  it('makes room for its reply box below the post, and gives it back at a second click on Reply', () => {
    const app = drawn();
    // The box's height as a browser lays it out (this DOM lays nothing out).
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.matches('[data-picture-reply]') ? 40 : 0;
    });
    const offsets = () =>
      [...app.querySelectorAll<HTMLElement>('.vlist-row')]
        .map((row) => row.style.transform)
        .concat(app.querySelector<HTMLElement>('.vlist-rows')?.style.height ?? '');
    const reply = app.querySelector<HTMLButtonElement>('#post-p1-reply-toggle');
    reply?.click();
    expect(offsets()).toEqual(['translateY(0px)', 'translateY(190px)', '340px']);
    reply?.click();
    expect(app.querySelector('.post-reply')).toBeNull();
    expect(offsets()).toEqual(['translateY(0px)', 'translateY(150px)', '300px']);
  });

  it('sends no form: Enter in its search field stays on the page', () => {
    const app = drawn();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    app.querySelector('form.search')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it('keeps clicks on other controls and shortcut keys, in order, and follows no link', () => {
    const app = drawn();
    const reaction = app.querySelector<HTMLButtonElement>('[data-post-id="p2"] .reaction');
    const heard = vi.fn();
    document.addEventListener('click', heard);
    reaction?.click();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true }));
    document.removeEventListener('click', heard);
    expect(heard).not.toHaveBeenCalled();
    const handover = takePicture()?.handOver() as Handover;
    expect(handover.actions).toEqual([
      { type: 'click', place: { post: 'p2', id: '', path: [1, 1], name: 'button|+ Well sourced #' } },
      { type: 'key', place: undefined, reply: undefined, init: expect.objectContaining({ key: 'j' }) },
    ]);
  });

  it('does nothing at a click on a dimmed control, as the live panel does', () => {
    const app = drawn();
    app.querySelector<HTMLButtonElement>('.refresh')?.setAttribute('aria-disabled', 'true');
    app.querySelector<HTMLButtonElement>('.refresh')?.click();
    expect(takePicture()?.handOver().actions).toEqual([]);
  });

  it('lets typing in its fields be, and hands over their text, caret and focus', () => {
    const app = drawn();
    const composer = app.querySelector<HTMLTextAreaElement>('#composer-text');
    composer?.click();
    expect(document.activeElement).toBe(composer);
    const typed = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
    composer?.dispatchEvent(typed);
    expect(typed.defaultPrevented).toBe(false);
    if (composer === null) return;
    composer.value = 'A thought';
    composer.setSelectionRange(1, 3);
    const send = new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true, cancelable: true });
    composer.dispatchEvent(send);
    expect(send.defaultPrevented).toBe(true);
    const handover = takePicture()?.handOver() as Handover;
    expect(handover.fields).toEqual([
      {
        place: { post: '', id: 'composer-text', path: [], name: 'textarea|' },
        text: 'A thought',
        start: 1,
        end: 3,
        focused: true,
      },
    ]);
    expect(handover.actions).toEqual([
      {
        type: 'key',
        place: { post: '', id: 'composer-text', path: [], name: 'textarea|' },
        reply: undefined,
        init: expect.objectContaining({ key: 'Enter', ctrlKey: true }),
      },
    ]);
  });

  it('takes what the pointer lands on through its cover, and stops listening once handed over', () => {
    const app = drawn();
    const cover = document.body.lastElementChild as HTMLElement;
    expect(cover.parentElement).toBe(document.body);
    const reply = app.querySelector('#post-p1-reply-toggle') as Element;
    Object.defineProperty(document, 'elementsFromPoint', { configurable: true, value: () => [cover, reply] });
    cover.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, clientX: 5, clientY: 5 }));
    expect(app.querySelector('[data-post-id="p1"] .post-reply')).not.toBeNull();
    const picture = takePicture();
    picture?.handOver();
    expect(cover.isConnected).toBe(false);
    app.querySelector<HTMLButtonElement>('[data-post-id="p2"] .reaction')?.click();
    expect(picture?.handOver().actions).toEqual([]);
    Reflect.deleteProperty(document, 'elementsFromPoint');
  });

  it('leaves the browser its own keys, and a button its Enter and Space', () => {
    const app = drawn();
    const button = app.querySelector<HTMLButtonElement>('[data-post-id="p2"] .reaction');
    button?.focus();
    for (const init of [
      { key: 'Tab' },
      { key: 'F5' },
      { key: 'r', ctrlKey: true },
      { key: '+', ctrlKey: true },
      { key: 'Enter' },
      { key: ' ' },
    ]) {
      const event = new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true });
      button?.dispatchEvent(event);
      expect(event.defaultPrevented, init.key).toBe(false);
    }
    // The click Enter makes is the one kept.
    button?.click();
    expect(
      takePicture()
        ?.handOver()
        .actions.map((action) => action.type),
    ).toEqual(['click']);
  });

  it('is taken by the live panel once', () => {
    keep();
    drawPicture(mountApp(), localStorage, VIEW);
    const picture = takePicture();
    expect(picture).toBeDefined();
    expect(takePicture()).toBeUndefined();
    picture?.handOver();
  });
});
