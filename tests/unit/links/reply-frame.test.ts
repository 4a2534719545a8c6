import { describe, expect, it } from 'vitest';
import { isHandshake, readReplyFrameParams, readReplyFrameSays, replyFrameSearch } from '@/lib/links/reply-frame';

const ID = '0123456789abcdef0123456789abcdef';

describe('the reply frame contract', () => {
  it('round-trips the address a bar makes, and refuses one without a post or a long enough secret', () => {
    const params = { post: 'p_1', site: 'https://news.example', scheme: 'dark' as const, id: ID };
    expect(readReplyFrameParams(`?${replyFrameSearch(params)}`)).toEqual(params);
    expect(readReplyFrameParams(`?post=p_1&site=x&id=${ID}&scheme=purple`)?.scheme).toBe('light');
    expect(readReplyFrameParams(`?site=x&id=${ID}`)).toBeUndefined();
    expect(readReplyFrameParams('?post=p_1&id=short')).toBeUndefined();
    expect(readReplyFrameParams(`?post=${'p'.repeat(201)}&id=${ID}`)).toBeUndefined();
  });

  it('takes a channel only with its own secret', () => {
    expect(isHandshake({ dcReplyFrame: ID }, ID)).toBe(true);
    expect(isHandshake({ dcReplyFrame: 'guess' }, ID)).toBe(false);
    expect(isHandshake(null, ID)).toBe(false);
    expect(isHandshake('dcReplyFrame', ID)).toBe(false);
  });

  it('reads what the frame says by shape, and nothing else', () => {
    expect(readReplyFrameSays({ event: 'ready' })).toEqual({ event: 'ready' });
    expect(readReplyFrameSays({ event: 'gone', extra: 1 })).toEqual({ event: 'gone' });
    expect(readReplyFrameSays({ event: 'sent', status: 'waiting' })).toEqual({ event: 'sent', status: 'waiting' });
    expect(readReplyFrameSays({ event: 'sent', status: 'published!' })).toBeUndefined();
    expect(readReplyFrameSays({ event: 'size', height: 120.5 })).toEqual({ event: 'size', height: 120.5 });
    expect(readReplyFrameSays({ event: 'size', height: Number.POSITIVE_INFINITY })).toBeUndefined();
    expect(readReplyFrameSays({ event: 'text', body: 'never' })).toBeUndefined();
    expect(readReplyFrameSays(undefined)).toBeUndefined();
  });
});
