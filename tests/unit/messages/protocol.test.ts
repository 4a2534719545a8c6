import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Author, TimelinePage } from '@/lib/api/schemas';
import type { OutboxItemView } from '@/lib/messages/fields';
import {
  CONTENT_MESSAGES,
  isMessageName,
  MESSAGE_NAMES,
  type MessageName,
  protocol,
  type ReplyData,
  type RequestData,
  type RequestInput,
} from '@/lib/messages/protocol';
import type { OutboxSummary } from '@/lib/queue/summary';
import type { OutboxItem } from '@/lib/queue/types';
import { replies, validRequests } from './fixtures';

const parse = <N extends MessageName>(name: N, payload: unknown) => protocol[name].request.safeParse(payload);

describe('the protocol table', () => {
  it('lets content scripts use exactly react (and undo it), loading their bar and reading their config', () => {
    // openWithDraft is not among them: no page may plant text in the side panel's composer; nor
    // replyToPost: replies are typed in the extension's own frame, which sends them.
    expect([...CONTENT_MESSAGES].sort()).toEqual([
      'getLinkConfig',
      'loadInlineBar',
      'loadLinkScript',
      'reactToPost',
      'undoReaction',
    ]);
  });

  it('accepts a valid request and reply for every message', () => {
    for (const name of MESSAGE_NAMES) {
      expect(parse(name, validRequests[name]).success, name).toBe(true);
      expect(protocol[name].reply.safeParse(replies[name]).success, name).toBe(true);
    }
  });

  it('knows only its own names (not inherited keys)', () => {
    expect(isMessageName('getStatus')).toBe(true);
    for (const name of ['__proto__', 'toString', 'constructor', 'hasOwnProperty', '', 'GETSTATUS']) {
      expect(isMessageName(name)).toBe(false);
    }
  });

  it('refuses unknown fields (strict requests)', () => {
    expect(parse('retryItem', { id: 'o_1', extra: 1 }).success).toBe(false);
    expect(parse('getStatus', { anything: true }).success).toBe(false);
    expect(parse('retryItem', JSON.parse('{"id":"o_1","__proto__":{"x":1}}')).success).toBe(false);
  });

  describe('bodies', () => {
    it('are trimmed, non-empty and at most 2,000 characters', () => {
      const ok = protocol.replyToPost.request.safeParse({ postId: 'p_1', body: '  Agreed.\n' });
      expect(ok.success && ok.data.body).toBe('Agreed.');
      expect(parse('replyToPost', { postId: 'p_1', body: '   \n\t ' }).success).toBe(false);
      expect(parse('replyToPost', { postId: 'p_1', body: 'x'.repeat(2000) }).success).toBe(true);
      expect(parse('replyToPost', { postId: 'p_1', body: ` ${'x'.repeat(2000)} ` }).success).toBe(true);
      expect(parse('replyToPost', { postId: 'p_1', body: 'x'.repeat(2001) }).success).toBe(false);
      expect(parse('replyToPost', { postId: 'p_1', body: 'x'.repeat(5_000_000) }).success).toBe(false);
    });

    it('refuse NUL and unpaired surrogates, keep emoji', () => {
      expect(parse('enqueueWrite', { kind: 'post', body: 'a\u0000b' }).success).toBe(false);
      expect(parse('enqueueWrite', { kind: 'post', body: 'a\ud800b' }).success).toBe(false);
      expect(parse('enqueueWrite', { kind: 'post', body: 'a\udc00' }).success).toBe(false);
      expect(parse('enqueueWrite', { kind: 'post', body: 'ok 👍' }).success).toBe(true);
    });
  });

  it('bound ids to 100 characters of a safe set, never a dot segment', () => {
    for (const id of ['p_1', 'c-2', 'x:y', 'a.b', 'A'.repeat(100)])
      expect(parse('retryItem', { id }).success, id).toBe(true);
    for (const id of ['', '.', '..', '../x', 'a/b', 'a b', 'a%2F', 'A'.repeat(101), 'é', 7, null]) {
      expect(parse('retryItem', { id }).success, String(id)).toBe(false);
    }
  });

  it('bound reaction kinds to the API shape', () => {
    for (const reaction of ['agree', 'well_sourced', `a${'b'.repeat(39)}`]) {
      expect(parse('reactToPost', { postId: 'p_1', reaction }).success).toBe(true);
    }
    for (const reaction of ['', 'Agree', '1up', 'well-sourced', `a${'b'.repeat(40)}`, 'a b']) {
      expect(parse('reactToPost', { postId: 'p_1', reaction }).success).toBe(false);
    }
  });

  it('take writes of three kinds, each with its own fields', () => {
    expect(parse('enqueueWrite', { kind: 'reaction', postId: 'p_1', reaction: 'agree' }).success).toBe(true);
    expect(parse('enqueueWrite', { kind: 'reaction', postId: 'p_1', body: 'x' }).success).toBe(false);
    expect(parse('enqueueWrite', { kind: 'vote', postId: 'p_1' }).success).toBe(false);
    expect(parse('enqueueWrite', { kind: 'dm', body: 'x' }).success).toBe(false);
  });

  it('page the Outbox with a bounded limit and a numeric cursor', () => {
    expect(parse('listOutbox', undefined).success).toBe(true);
    expect(parse('listOutbox', { cursor: '1234', limit: 200 }).success).toBe(true);
    expect(parse('listOutbox', { limit: 201 }).success).toBe(false);
    expect(parse('listOutbox', { cursor: 'abc' }).success).toBe(false);
    expect(parse('listOutbox', { cursor: '1', extra: true }).success).toBe(false);
  });

  it('check drafts, keys, settings and timeline paging', () => {
    expect(parse('openWithDraft', { kind: 'post', text: 'A quote — https://example.org' }).success).toBe(true);
    expect(parse('openWithDraft', { kind: 'reply', text: 'x' }).success).toBe(false);
    expect(parse('openWithDraft', { kind: 'post', text: 'x'.repeat(8001) }).success).toBe(false);
    const key = protocol.saveKey.request.safeParse({ key: '  dcp_abcdefgh12345678\n' });
    expect(key.success && key.data.key).toBe('dcp_abcdefgh12345678');
    expect(parse('saveKey', { key: 'short' }).success).toBe(false);
    expect(parse('saveKey', { key: 'has a space inside' }).success).toBe(false);
    expect(parse('saveSettings', { baseUrl: '' }).success).toBe(true);
    expect(parse('saveSettings', { baseUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(parse('saveSettings', { baseUrl: 'https://user:pw@example.org' }).success).toBe(false);
    expect(parse('getTimelinePage', {}).success).toBe(true);
    expect(parse('getTimelinePage', { limit: 0 }).success).toBe(false);
    expect(parse('getTimelinePage', { limit: 101 }).success).toBe(false);
    expect(parse('getTimelinePage', { cursor: 'a b' }).success).toBe(false);
  });

  it('never puts the key in a saveKey reply', () => {
    expect(protocol.saveKey.reply.safeParse({ last4: 'abcd', key: 'dcp_secret' }).data).toEqual({ last4: 'abcd' });
  });

  it('infers types at both ends', () => {
    expectTypeOf<RequestInput<'reactToPost'>>().toEqualTypeOf<{ postId: string; reaction: string; hold?: boolean }>();
    expectTypeOf<RequestData<'getStatus'>>().toEqualTypeOf<Record<string, never> | undefined>();
    expectTypeOf<ReplyData<'saveKey'>>().toEqualTypeOf<{ last4: string }>();
    expectTypeOf<ReplyData<'enqueueWrite'>>().toEqualTypeOf<OutboxItemView>();
    // The Outbox's own item type fits the reply: the background can answer with it as is.
    expectTypeOf<OutboxItem>().toExtend<OutboxItemView>();
    // The API client's page and the Outbox summary fit their replies too.
    expectTypeOf<TimelinePage>().toExtend<ReplyData<'getTimelinePage'>>();
    expectTypeOf<OutboxSummary>().toExtend<ReplyData<'getStatus'>['outbox']>();
    expectTypeOf<{ account: Author | null; scopes: string[] | null }>().toExtend<ReplyData<'checkKey'>>();
  });
});
