import { REACTION_KINDS, type ReactionKind } from '../scopes.js';
import type { Author } from '../store/accounts.js';
import type { CommentRecord, Moderation, PostRecord } from '../store/records.js';
import { html, type SafeHtml } from './html.js';
import { layout } from './layout.js';

const KIND_LABELS: Record<ReactionKind, string> = {
  well_sourced: 'Well sourced',
  agree: 'Agree',
  insightful: 'Insightful',
};

function when(iso: string): string {
  const d = new Date(iso);
  return `${d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}, ${d
    .toISOString()
    .slice(11, 16)} UTC`;
}

function stateBadge(moderation: Moderation | undefined): SafeHtml {
  if (!moderation || moderation.state === 'published') return html``;
  return html`<span class="state ${moderation.state}" title="${moderation.reason ?? ''}">${moderation.state}</span>`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** One post as an article; the content script finds posts by `data-post-id` and links by `/posts/{id}`. */
function postArticle(post: PostRecord, moderation?: Moderation): SafeHtml {
  return html`<article data-post-id="${post.id}">
<div class="meta"><span class="name">${post.author.displayName}</span> @${post.author.handle} · <a href="/posts/${post.id}"><time datetime="${post.createdAt}">${when(post.createdAt)}</time></a>${stateBadge(moderation)}</div>
<p class="body">${post.body}</p>
<div class="counts"><span data-count="comments">${plural(post.commentCount, 'comment', 'comments')}</span>${REACTION_KINDS.map(
    (k) => html`<span data-count="${k}">${KIND_LABELS[k]} ${post.reactionCounts[k]}</span>`,
  )}</div>
</article>`;
}

/** `/`: the composer and the public timeline, newest first. */
export function timelinePage(viewer: Author, posts: readonly PostRecord[], nextCursor: string | null): string {
  const main = html`<h1>Public timeline</h1>
<form class="panel" method="post" action="/posts">
<label for="body"><strong>Start a debate</strong></label>
<textarea id="body" name="body" maxlength="2000" required placeholder="Make a claim, cite a source, invite a reply."></textarea>
<div class="row"><span class="hint">Posting as ${viewer.displayName}: same write budget, moderation and webhooks as the API.</span><button type="submit">Post</button></div>
</form>
${posts.length === 0 ? html`<p class="hint">No posts yet.</p>` : posts.map((p) => postArticle(p))}
${nextCursor ? html`<p class="pager"><a href="/?cursor=${encodeURIComponent(nextCursor)}">Older posts →</a></p>` : ''}`;
  return layout('Public timeline', viewer, main);
}

/** `/posts/{id}`: the post, its reactions, its comments and a reply form. */
export function postPage(
  viewer: Author,
  post: PostRecord,
  moderation: Moderation,
  comments: readonly CommentRecord[],
): string {
  const own = post.author.id === viewer.id;
  const notice =
    own && moderation.state !== 'published'
      ? html`<div class="notice${moderation.state === 'rejected' ? ' bad' : ''}">Only you can see this post: it is ${moderation.state}. ${moderation.reason ?? ''}</div>`
      : '';
  const reactions = html`<div class="reactions">${REACTION_KINDS.map(
    (k) =>
      html`<form method="post" action="/posts/${post.id}/reactions"><input type="hidden" name="kind" value="${k}"><button class="soft" type="submit">${KIND_LABELS[k]} · ${post.reactionCounts[k]}</button></form>`,
  )}</div>`;
  const list =
    comments.length === 0
      ? html`<p class="hint">No comments yet.</p>`
      : html`<ol class="comments">${comments.map(
          (c) => html`<li id="${c.id}" data-comment-id="${c.id}">
<div class="meta"><span class="name">${c.author.displayName}</span> @${c.author.handle} · <time datetime="${c.createdAt}">${when(c.createdAt)}</time>${stateBadge(c.moderation)}</div>
<p class="body">${c.body}</p>
</li>`,
        )}</ol>`;
  const main = html`<p><a href="/">← Timeline</a></p>
${notice}
${postArticle(post, own ? moderation : undefined)}
${reactions}
<h2>${plural(comments.length, 'comment', 'comments')}</h2>
${list}
<form class="panel" method="post" action="/posts/${post.id}/comments">
<label for="body"><strong>Reply</strong></label>
<textarea id="body" name="body" maxlength="2000" required placeholder="Add evidence or a counter-argument."></textarea>
<div class="row"><span class="hint">Replying as ${viewer.displayName}.</span><button type="submit">Reply</button></div>
</form>`;
  return layout(`Post by ${post.author.displayName}`, viewer, main);
}

/** An error or notice page (400, 403, 404, 413, 415, 429, 500). */
export function messagePage(viewer: Author, title: string, message: string): string {
  return layout(
    title,
    viewer,
    html`<h1>${title}</h1><div class="notice bad">${message}</div><p><a href="/">← Back to the timeline</a></p>`,
  );
}
