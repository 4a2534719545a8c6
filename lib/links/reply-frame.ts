import { WRITE_STATUSES, type WriteStatus } from '@/lib/messages/post-writes';

/**
 * The inline reply composer is an extension page in a frame (entrypoints/reply-frame), so the page
 * around a bar can neither read what the user types nor change what is sent. This is the contract
 * between the bar that opens the frame and the frame. Nothing the user typed ever crosses it.
 *
 * The bar and the frame talk over a `MessageChannel`, never through the page's window (whose
 * `message` listeners the page can stop or read): once the frame has loaded, the bar posts one end
 * of a channel into it, addressed to the extension's origin, with the frame's secret `id` (in its
 * address, which the page cannot read from the closed root nor from another origin's frame). The
 * frame takes the first port that comes with its id and answers `ready`; until then the bar does
 * not show it. A page can navigate a child frame of another origin (`frames[i].location = …`) to a
 * look-alike: the frame says `gone` as it is unloaded, and a frame that loads again is taken out.
 */

/** The frame's page, as `browser.runtime.getURL` takes it. */
export const REPLY_FRAME_PATH = '/reply-frame.html';

/** What the bar tells the frame, in its address (never trusted for more than drawing and tagging). */
export interface ReplyFrameParams {
  /** The post the reply answers. */
  post: string;
  /** The origin of the page the bar is on (`location.origin`): the write is that site's, for its bars' states. */
  site: string;
  scheme: 'light' | 'dark';
  /** The frame's secret: the bar's channel comes with it. */
  id: string;
}

/** What the frame tells the bar over their channel. */
export type ReplyFrameSays =
  | { event: 'ready' }
  | { event: 'sent'; status: WriteStatus }
  | { event: 'close' }
  | { event: 'gone' }
  | { event: 'size'; height: number };

export function replyFrameSearch(params: ReplyFrameParams): string {
  return new URLSearchParams({ ...params }).toString();
}

/** Reads the frame's address; undefined when it is not one a bar makes. */
export function readReplyFrameParams(search: string): ReplyFrameParams | undefined {
  const query = new URLSearchParams(search);
  const post = query.get('post') ?? '';
  const site = query.get('site') ?? '';
  const id = query.get('id') ?? '';
  const scheme = query.get('scheme') === 'dark' ? 'dark' : 'light';
  if (post === '' || post.length > 200 || id.length < 16 || id.length > 64 || site.length > 300) return undefined;
  return { post, site, scheme, id };
}

/** The handshake the bar posts into the frame (with the port): the frame's id. */
export function isHandshake(data: unknown, id: string): boolean {
  return typeof data === 'object' && data !== null && (data as { dcReplyFrame?: unknown }).dcReplyFrame === id;
}

/** What the frame said, checked by shape; undefined for anything else. */
export function readReplyFrameSays(data: unknown): ReplyFrameSays | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const said = data as Record<string, unknown>;
  switch (said.event) {
    case 'ready':
    case 'close':
    case 'gone':
      return { event: said.event };
    case 'sent':
      return WRITE_STATUSES.includes(said.status as WriteStatus)
        ? { event: 'sent', status: said.status as WriteStatus }
        : undefined;
    case 'size':
      return typeof said.height === 'number' && Number.isFinite(said.height)
        ? { event: 'size', height: said.height }
        : undefined;
    default:
      return undefined;
  }
}
