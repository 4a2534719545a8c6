import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Handover } from '@/entrypoints/sidepanel/fast-open/picture';
import { finishHandover, handedReplies } from '@/entrypoints/sidepanel/fast-open/picture-handover';
import { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import { panelScreen } from './panel-screen';

const composer = { post: '', id: 'composer-text', path: [], name: 'textarea|' };
const reaction = (post: string) => ({ post, id: '', path: [1, 1], name: 'button|+ Well sourced #' });
/** Every post still shown, fresh, once the panel has settled. */
const allShown = Promise.resolve(() => true);

/** The live panel's first render, as far as the hand-over sees it: the screen, with p2's reply box open. */
function livePanel(): HTMLElement {
  const app = panelScreen();
  app.id = 'app';
  const box = document.createElement('div');
  box.id = 'post-p2-reply';
  const text = document.createElement('textarea');
  text.id = 'post-p2-reply-text';
  // Drawn from the draft the hand-over put there.
  text.value = 'Good point';
  box.append(text);
  app.querySelector('[data-post-id="p2"]')?.append(box);
  document.body.append(app);
  return app;
}

function handover(change: Partial<Handover>): Handover {
  return { replies: [], fields: [], focus: undefined, actions: [], ...change };
}

describe('the live panel taking over from the picture', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => document.body.replaceChildren());

  it('puts a reply typed on the picture in the drafts, and opens its box', () => {
    const drafts = new DraftStore();
    const opened = handedReplies(
      handover({
        replies: [
          { postId: 'p2', text: 'Good point', start: 4, end: 4, focused: true },
          { postId: 'p1', text: '', start: 0, end: 0, focused: false },
        ],
      }),
      drafts,
    );
    expect(opened).toEqual([
      { postId: 'p2', focus: true },
      { postId: 'p1', focus: false },
    ]);
    expect(drafts.get('reply:p2')).toBe('Good point');
    expect(drafts.get('reply:p1')).toBe('');
  });

  it('gives the live fields what was typed, told as typing is, with the caret and focus where they were', () => {
    const app = livePanel();
    const typed = vi.fn();
    app.querySelector('#composer-text')?.addEventListener('input', typed);
    finishHandover(
      handover({
        fields: [{ place: composer, text: 'A thought', start: 1, end: 3, focused: false }],
        replies: [{ postId: 'p2', text: 'Good point', start: 4, end: 4, focused: true }],
      }),
      app,
      allShown,
    );
    const field = app.querySelector<HTMLTextAreaElement>('#composer-text');
    expect(field?.value).toBe('A thought');
    expect(typed).toHaveBeenCalledOnce();
    const reply = app.querySelector<HTMLTextAreaElement>('#post-p2-reply-text');
    expect(document.activeElement).toBe(reply);
    expect([reply?.selectionStart, reply?.selectionEnd]).toEqual([4, 4]);
  });

  it('does each click and key again, one task apart, on the same control of the live panel', async () => {
    const app = livePanel();
    const done: string[] = [];
    // Preact renders what a click changed in a microtask: the next action comes after it.
    app.querySelector('[data-post-id="p2"] .reaction')?.addEventListener('click', () => {
      done.push('p2 reacted');
      queueMicrotask(() => done.push('p2 drawn'));
    });
    app.querySelector('[data-post-id="p1"] .reaction')?.addEventListener('click', () => done.push('p1 reacted'));
    app.querySelector('#post-p2-reply-text')?.addEventListener('keydown', (event) => {
      done.push(`reply ${(event as KeyboardEvent).ctrlKey ? 'ctrl+' : ''}${(event as KeyboardEvent).key}`);
    });
    document.addEventListener('keydown', (event) => {
      if (event.target === document.body) done.push(`page ${event.key}`);
    });
    finishHandover(
      handover({
        actions: [
          { type: 'click', place: reaction('p2') },
          { type: 'key', place: undefined, reply: undefined, init: { key: 'j' } },
          { type: 'key', place: undefined, reply: 'p2', init: { key: 'Enter', ctrlKey: true } },
        ],
      }),
      app,
      allShown,
    );
    expect(done).toEqual([]);
    await vi.waitFor(() => expect(done).toEqual(['p2 reacted', 'p2 drawn', 'page j', 'reply ctrl+Enter']));
  });

  it('drops a click whose control is not at its place in the live panel, rather than click another', async () => {
    const app = livePanel();
    const clicked = vi.fn();
    const pressed = vi.fn();
    app.addEventListener('click', clicked);
    document.addEventListener('keydown', pressed, { once: true });
    finishHandover(
      handover({
        actions: [
          { type: 'click', place: { ...reaction('p2'), name: 'button|+ Off topic #' } },
          { type: 'click', place: reaction('gone') },
          { type: 'click', place: { ...reaction('p2'), path: [9, 9] } },
          { type: 'key', place: undefined, reply: undefined, init: { key: 'x' } },
        ],
      }),
      app,
      allShown,
    );
    // The last action, a key, says the clicks before it were all looked at.
    await vi.waitFor(() => expect(pressed).toHaveBeenCalled());
    expect(clicked).not.toHaveBeenCalled();
  });
  it('waits for the panel to settle, and drops what was done on a post the fresh page no longer shows', async () => {
    const app = livePanel();
    const done: string[] = [];
    app.querySelector('[data-post-id="p1"] .reaction')?.addEventListener('click', () => done.push('p1'));
    app.querySelector('[data-post-id="p2"] .reaction')?.addEventListener('click', () => done.push('p2'));
    let settle: (stillShown: (postId: string) => boolean) => void = () => undefined;
    const settled = new Promise<(postId: string) => boolean>((resolve) => {
      settle = resolve;
    });
    const pressed = vi.fn();
    document.addEventListener('keydown', pressed, { once: true });
    finishHandover(
      handover({
        actions: [
          { type: 'click', place: reaction('p1') },
          { type: 'click', place: reaction('p2') },
          { type: 'key', place: undefined, reply: undefined, init: { key: 'x' } },
        ],
      }),
      app,
      settled,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toEqual([]);
    settle((postId) => postId === 'p2');
    await vi.waitFor(() => expect(pressed).toHaveBeenCalled());
    expect(done).toEqual(['p2']);
  });

  it('finds a post by its exact id, not by a DOM id that looks alike', async () => {
    const app = livePanel();
    const lookalike = app.querySelector('[data-post-id="p1"]') as HTMLElement;
    lookalike.dataset.postId = 'p2.';
    const clicked: string[] = [];
    for (const article of app.querySelectorAll<HTMLElement>('article')) {
      article.querySelector('.reaction')?.addEventListener('click', () => clicked.push(article.dataset.postId ?? ''));
    }
    finishHandover(handover({ actions: [{ type: 'click', place: reaction('p2') }] }), app, allShown);
    await vi.waitFor(() => expect(clicked).toEqual(['p2']));
  });
  it('finds a control with an id of its own by that id, whatever count its label shows now', async () => {
    const app = livePanel();
    const tab = document.createElement('button');
    tab.id = 'tab-outbox';
    tab.textContent = 'Outbox';
    app.prepend(tab);
    const opened = vi.fn();
    tab.addEventListener('click', opened);
    // On the picture the tab showed its count of waiting writes; the live panel has no status yet.
    const place = { post: '', id: 'tab-outbox', path: [], name: 'button|Outbox #' };
    finishHandover(handover({ actions: [{ type: 'click', place }] }), app, allShown);
    await vi.waitFor(() => expect(opened).toHaveBeenCalledOnce());
  });
});
