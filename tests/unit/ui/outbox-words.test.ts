import { beforeEach, describe, expect, it } from 'vitest';
import { failureText, uncertainText } from '@/lib/ui/outbox-words';
import { useEnglishMessages } from '../support/locale';

describe('Outbox words', () => {
  beforeEach(() => useEnglishMessages());

  it('says why an answer is missing and whether the write could be looked for', () => {
    expect(uncertainText('unknown: not_found', 'post')).toBe(
      'The connection broke after it was sent, so no answer came. It is not among the newest posts either ' +
        '(moderation may be holding it). It may or may not have been published: check on the platform, and send ' +
        'it again only if it is missing.',
    );
    expect(uncertainText('interrupted: lookup_failed', 'post')).toMatch(
      /^The browser stopped the extension while it was being sent\. Looking for it on the platform failed too\./,
    );
    expect(uncertainText('unknown: not_found', 'comment')).toContain('The platform offers no way to look it up.');
  });

  it('words each failure, with the server’s reason where it gave one', () => {
    expect(failureText({ kind: 'forbidden_scope', message: 'x', scope: 'posts:write' })).toBe(
      'The key may not do this: it lacks the scope “posts:write”.',
    );
    expect(failureText({ kind: 'unauthorized', message: 'x' })).toBe(
      'The key was not accepted. Check it on the options page.',
    );
    expect(failureText({ kind: 'not_found', message: 'x' })).toBe('The post no longer exists on the platform.');
    expect(failureText({ kind: 'invalid', message: 'Bad request', reason: 'Text too long' })).toBe(
      'The platform refused it: Text too long',
    );
    expect(failureText({ kind: 'bad_response', message: 'x', mayHaveLanded: true })).toBe(
      'The platform answered in a way the extension could not read. It may have been published anyway: look ' +
        'before you send it again.',
    );
  });
});
