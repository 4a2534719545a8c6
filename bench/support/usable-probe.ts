/** The mark the probe sets when the page is usable: a click on the first post's Reply opened its composer. */
export const USABLE_MARK = 'dc:usable';

/**
 * The definition of "usable" the side panel's bench measures (issue 27): a click on the first post's
 * Reply opens its composer. Run in the page before any of its scripts (an init script): it clicks
 * the first Reply button in `#app` (`#app article .reply-toggle`: the picture of the last opening's,
 * which takes input as the live panel does and hands its reply box over to it, else the live
 * panel's) as soon as one is there, and sets the mark at the first task after
 * the frame that drew the composer (`.post-reply`), the way the panel's own marks are set. The blank
 * page of the bench has the same markup (one article, one button that opens a text area), so both
 * are measured by the same clicks. \`?usable-probe=off\` in the address turns it off (the bench's
 * scrolling figures). Written as source text: the page runs it as it is.
 */
export const USABLE_PROBE = `(() => {
  if (location.search.includes('usable-probe=off')) return;
  const mark = ${JSON.stringify(USABLE_MARK)};
  let clicked = null;
  let done = false;
  const check = () => {
    if (done) return;
    const app = document.getElementById('app');
    if (app === null) return;
    const button = app.querySelector('article .reply-toggle');
    if (button !== null && button !== clicked) {
      clicked = button;
      button.click();
    }
    if (app.querySelector('article .post-reply') !== null) {
      done = true;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => performance.mark(mark), 0));
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
})();`;

/**
 * Page source both bench pages share: `drawPost(app, text)` adds one post (an article with its text,
 * when there is one, and a Reply button that opens a text area, as the panel's does: `openReply`),
 * `askFirstPage(limit)` makes the one `getTimelinePage` round trip every opening makes, through the
 * browser's own `chrome.runtime`, and `markPainted(mark)` sets the mark at the first task after the
 * next frame, as the panel's marks are.
 */
const PAGE_HELPERS = `function drawPost(app, text) {
  const article = document.createElement('article');
  if (text !== undefined) {
    const p = document.createElement('p');
    p.textContent = text;
    article.append(p);
  }
  const button = document.createElement('button');
  button.className = 'reply-toggle';
  button.textContent = 'Reply';
  button.addEventListener('click', () => openReply(article));
  article.append(button);
  app.append(article);
}
function openReply(article) {
  const box = document.createElement('div');
  box.className = 'post-reply';
  box.append(document.createElement('textarea'));
  article.append(box);
}
function askFirstPage(limit) {
  return chrome.runtime.sendMessage({ type: 'getTimelinePage', payload: { limit } });
}
function markPainted(mark) {
  requestAnimationFrame(() => setTimeout(() => performance.mark(mark), 0));
}`;

/** The blank page's script: its one post, whose Reply opens a text area, and the blank page's paint mark. */
export function blankPageScript(paintMark: string): string {
  return `${PAGE_HELPERS}
drawPost(document.getElementById('app'));
markPainted(${JSON.stringify(paintMark)});`;
}

/**
 * The floor page's script: what any side panel must do before it is usable, and nothing more. It asks
 * the background for the first timeline page (the one round trip every opening makes: the same
 * message, through the browser's own \`chrome.runtime\`), draws each post's text with a Reply that
 * opens a text area, and sets \`paintMark\` after the frame that drew them. No framework, no checks,
 * no cache: the panel cannot be usable sooner than this without drawing posts it did not ask for.
 */
export function floorPageScript(paintMark: string, limit: number): string {
  return `${PAGE_HELPERS}
askFirstPage(${limit}).then((reply) => {
  const app = document.getElementById('app');
  for (const post of reply && reply.ok ? reply.data.items : []) drawPost(app, String(post.body ?? ''));
  markPainted(${JSON.stringify(paintMark)});
});`;
}

/**
 * The screen floor page's script: the side panel's first screen itself, as the live panel drew it
 * (the markup of its `#app`, kept in `localStorage` under `key` by the bench, as the panel keeps its
 * posts), put on the page at once under the panel's own stylesheet. No framework, no checks, no
 * store: a click on a post's Reply adds a text area to that post. With `limit`, the screen is put on
 * the page only after the one `getTimelinePage` round trip (`limit` posts), as the floor page's posts
 * are. No panel that shows this screen can be usable sooner, whatever its code.
 */
export function screenPageScript(paintMark: string, key: string, limit?: number): string {
  const draw = `function drawScreen() {
  const app = document.getElementById('app');
  app.innerHTML = localStorage.getItem(${JSON.stringify(key)}) ?? '';
  app.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('.reply-toggle') : null;
    const article = button === null ? null : button.closest('article');
    if (article !== null) openReply(article);
  });
  markPainted(${JSON.stringify(paintMark)});
}`;
  const start = limit === undefined ? 'drawScreen();' : `askFirstPage(${limit}).then(drawScreen);`;
  return `${PAGE_HELPERS}\n${draw}\n${start}`;
}
