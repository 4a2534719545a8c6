import { describe, expect, it } from 'vitest';
import { classifySender } from '@/lib/messages/sender';
import { EXTENSION_ID, ORIGIN, senders } from './fixtures';

const chrome = { extensionId: EXTENSION_ID, extensionOrigin: `${ORIGIN}/` };
const FIREFOX_ID = 'debate-companion@debate-platform.example';
const MOZ = 'moz-extension://0d3c7a5e-1111-4222-8333-944455556666';
const firefox = { extensionId: FIREFOX_ID, extensionOrigin: MOZ };

describe('classifySender', () => {
  it('recognises our pages, with or without a tab (Chrome)', () => {
    expect(classifySender(senders.popup, chrome)).toMatchObject({ kind: 'extension', tabId: undefined });
    expect(classifySender(senders.sidePanel, chrome)).toMatchObject({ kind: 'extension' });
    expect(classifySender(senders.optionsInTab, chrome)).toMatchObject({ kind: 'extension', tabId: 7 });
  });

  it('recognises our content script in a web page', () => {
    expect(classifySender(senders.content, chrome)).toEqual({
      kind: 'content',
      tabId: 42,
      frameId: 0,
      url: 'https://example.org/article',
    });
    expect(classifySender({ id: EXTENSION_ID, url: 'about:blank', tab: { id: 3 }, frameId: 5 }, chrome)).toMatchObject({
      kind: 'content',
      frameId: 5,
    });
  });

  it('works the same in Firefox (moz-extension origin, add-on id)', () => {
    expect(classifySender({ id: FIREFOX_ID, url: `${MOZ}/sidepanel.html` }, firefox)).toMatchObject({
      kind: 'extension',
    });
    expect(classifySender({ id: FIREFOX_ID, url: `${MOZ}/options.html`, tab: { id: 2 } }, firefox)).toMatchObject({
      kind: 'extension',
    });
    expect(classifySender({ id: FIREFOX_ID, url: 'https://example.org/', tab: { id: 2 } }, firefox)).toMatchObject({
      kind: 'content',
    });
  });

  it.each([
    ['another extension', senders.otherExtension],
    ['no id', { url: `${ORIGIN}/popup.html` }],
    ['an id of the wrong type', { id: ['test-extension-id'], url: `${ORIGIN}/popup.html` }],
    ['a web URL without a tab', { id: EXTENSION_ID, url: 'https://example.org/' }],
    ['no URL and no tab', { id: EXTENSION_ID }],
    ['a look-alike origin', { id: EXTENSION_ID, url: `${ORIGIN}.evil.example/popup.html` }],
    ['our origin without a path', { id: EXTENSION_ID, url: ORIGIN }],
    ['a URL that contains our origin later', { id: EXTENSION_ID, url: `https://evil.example/${ORIGIN}/popup.html` }],
    [
      'Chrome origin disagreeing with the URL',
      { id: EXTENSION_ID, url: `${ORIGIN}/popup.html`, origin: 'https://evil.example' },
    ],
    ['TAB_ID_NONE', { id: EXTENSION_ID, url: 'https://example.org/', tab: { id: -1 } }],
    ['a tab id of the wrong type', { id: EXTENSION_ID, url: 'https://example.org/', tab: { id: '42' } }],
    ['null', null],
    ['a string', 'test-extension-id'],
    ['an inherited id', Object.create({ id: EXTENSION_ID, url: `${ORIGIN}/popup.html` })],
  ])('refuses %s', (_name, sender) => {
    expect(classifySender(sender, chrome)).toBeUndefined();
  });

  it('refuses everything when our identity is not usable', () => {
    expect(classifySender(senders.popup, { extensionId: '', extensionOrigin: ORIGIN })).toBeUndefined();
    expect(classifySender(senders.popup, { extensionId: EXTENSION_ID, extensionOrigin: 'nonsense' })).toBeUndefined();
  });
});
