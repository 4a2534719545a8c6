import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenPageScript } from '@/bench/support/usable-probe';

const KEY = 'screen-under-test';
const MARK = 'screen-painted';
const SCREEN =
  '<div class="panel"><article><p>First</p><button class="reply-toggle">Reply</button></article>' +
  '<article><p>Second</p><button class="reply-toggle">Reply</button></article></div>';

/** Runs the page's script as the page would (its source, in this window). */
function runPage(source: string): void {
  new Function(source)();
}

describe('screenPageScript (the screen floor pages of the side panel bench)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('puts the kept screen on the page at once, and a Reply opens a text area in its own post', async () => {
    document.body.innerHTML = '<div id="app"></div>';
    localStorage.setItem(KEY, SCREEN);
    runPage(screenPageScript(MARK, KEY));
    const articles = document.querySelectorAll('#app article');
    expect(articles).toHaveLength(2);
    document.querySelectorAll<HTMLButtonElement>('#app .reply-toggle').item(1).click();
    expect(articles.item(1).querySelector('.post-reply textarea')).not.toBeNull();
    expect(articles.item(0).querySelector('.post-reply')).toBeNull();
    await vi.waitFor(() => expect(performance.getEntriesByName(MARK)).toHaveLength(1));
  });

  it('with a first page to ask for, draws the screen only once the round trip has answered', async () => {
    document.body.innerHTML = '<div id="app"></div>';
    localStorage.setItem(KEY, SCREEN);
    let answer: (reply: unknown) => void = () => {};
    const sendMessage = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    vi.stubGlobal('chrome', { runtime: { sendMessage } });
    runPage(screenPageScript(MARK, KEY, 20));
    expect(sendMessage).toHaveBeenCalledWith({ type: 'getTimelinePage', payload: { limit: 20 } });
    expect(document.querySelectorAll('#app article')).toHaveLength(0);
    answer({ ok: true, data: { items: [] } });
    await vi.waitFor(() => expect(document.querySelectorAll('#app article')).toHaveLength(2));
  });
});
