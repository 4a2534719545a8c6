import { vi } from 'vitest';
import type { MessageName } from '@/lib/messages/protocol';
import type { Handlers } from '@/lib/messages/router';
import { DEFAULT_SETTINGS } from '@/lib/storage/settings';

/** Our identity in tests (the fake browser's id). */
export const EXTENSION_ID = 'test-extension-id';
export const ORIGIN = `chrome-extension://${EXTENSION_ID}`;

/** Senders as Chrome and Firefox report them. */
export const senders = {
  popup: { id: EXTENSION_ID, url: `${ORIGIN}/popup.html`, origin: ORIGIN },
  sidePanel: { id: EXTENSION_ID, url: `${ORIGIN}/sidepanel.html` },
  optionsInTab: { id: EXTENSION_ID, url: `${ORIGIN}/options.html`, tab: { id: 7 }, frameId: 0, origin: ORIGIN },
  content: {
    id: EXTENSION_ID,
    url: 'https://example.org/article',
    tab: { id: 42 },
    frameId: 0,
    origin: 'https://example.org',
  },
  contentOtherTab: { id: EXTENSION_ID, url: 'https://example.org/b', tab: { id: 43 }, frameId: 0 },
  otherExtension: { id: 'evil-extension', url: 'chrome-extension://evil-extension/popup.html' },
} as const;

const ITEM = {
  id: 'o_1',
  account: 'acc_1',
  seq: 1,
  request: { kind: 'post' as const, body: 'Hello' },
  state: { status: 'queued' as const },
  createdAt: 1,
  updatedAt: 1,
  attempts: 0,
  resends: 0,
};

/** One account as pages see it. */
export const ACCOUNT = {
  id: 'acct-1',
  name: 'demo',
  label: '',
  baseUrl: 'http://127.0.0.1:8787/',
  origin: 'http://127.0.0.1:8787',
  key: { set: true, last4: 'abcd' },
  check: { outcome: 'ok' as const, at: 1, account: { handle: 'demo' }, scopes: ['posts:read'] },
  reserve: 0,
  isDefault: true,
  pending: 1,
  pause: { rateLimitedUntil: null, disabled: null, offlineUntil: null, lostAnswer: false },
};

/** Valid reply data for every message. */

const SETTINGS = {
  ...DEFAULT_SETTINGS,
  baseUrl: 'http://127.0.0.1:8787',
};

/** A saved post as the Saved list keeps it. */
export const SAVED = {
  id: 'p_1',
  source: 'http://127.0.0.1:8787',
  savedAt: 1_000,
  author: { handle: 'demo' },
  body: 'Hello',
};

export const replies = {
  getStatus: {
    baseUrl: 'http://127.0.0.1:8787',
    key: { set: true, last4: 'abcd' },
    account: { id: 'acc_1', handle: 'demo' },
    scopes: ['posts:read'],
    outbox: {
      counts: { queued: 1, sending: 0, sent: 0, waiting: 0, failed: 0, uncertain: 0, scheduled: 0 },
      pending: 1,
      worst: 'queued' as const,
    },
    pause: { rateLimitedUntil: null, disabled: null, offlineUntil: null },
    accounts: [ACCOUNT],
    defaultAccount: ACCOUNT.id,
    lastUsed: {},
  },
  getSettings: SETTINGS,
  saveSettings: SETTINGS,
  getLinkConfig: {
    decorate: true,
    siteOrigin: 'http://127.0.0.1:8787',
    patterns: [
      {
        source: 'http://127.0.0.1:8787/posts/{id}',
        protocol: 'http:',
        host: '127.0.0.1:8787',
        hostname: '127.0.0.1',
        before: ['posts'],
        after: [],
      },
    ],
    candidates: 'a[href*="/posts/"]',
    // Each kind with its words: a page never looks them up.
    reactionKinds: [{ value: 'well_sourced', label: 'Well sourced' }],
    barWords: { barReply: 'Reply', barStatus: '$1: $2' },
    allSites: false,
    speaker: '@demo',
  },
  loadInlineBar: null,
  loadLinkScript: null,
  saveKey: { last4: 'abcd' },
  clearKey: null,
  checkKey: { account: { handle: 'demo' }, scopes: ['posts:read'] },
  addAccount: ACCOUNT,
  updateAccount: ACCOUNT,
  setDefaultAccount: null,
  removeAccount: { discarded: 0, moved: 1 },
  getTimelinePage: { items: [{ id: 'p_1', body: 'Hello' }], nextCursor: null },
  getPagePosts: {
    posts: [{ id: 'p_1', body: 'See https://example.com/a' }],
    reach: { posts: 20, oldestAt: '2026-11-01T00:00:00.000Z', end: false, full: false },
  },
  readFurther: { posts: 120, oldestAt: '2026-10-01T00:00:00.000Z', end: false, full: false },
  enqueueWrite: ITEM,
  listOutbox: { items: [ITEM], nextCursor: null },
  retryItem: ITEM,
  editAndResend: ITEM,
  rescheduleWrite: ITEM,
  sendWriteNow: ITEM,
  discardItem: null,
  chooseSite: ['news.example'],
  setSync: null,
  answerSyncProposal: { keyRemovedFor: 'https://old.example' },
  reactToPost: { id: 'o_2', status: 'queued' as const, heldUntil: 5_000 },
  undoReaction: null,
  replyToPost: { id: 'o_3', status: 'queued' as const },
  openWithDraft: null,
  takePendingDraft: { kind: 'post' as const, text: 'A quote' },
  savePost: SAVED,
  unsavePost: null,
  listSavedPosts: [SAVED],
  importSavedPosts: { added: 1, noRoom: 0 },
} satisfies { [N in MessageName]: unknown };

/** One spy per message, each answering its valid reply. */
export function spyHandlers() {
  const handlers = {} as Record<MessageName, ReturnType<typeof vi.fn>>;
  for (const name of Object.keys(replies) as MessageName[]) {
    handlers[name] = vi.fn(async () => replies[name]);
  }
  return { handlers: handlers as unknown as Handlers, spies: handlers };
}

/** A valid request for every message. */
export const validRequests: { [N in MessageName]: unknown } = {
  getStatus: undefined,
  getSettings: undefined,
  saveSettings: { baseUrl: 'https://api.example.com' },
  getLinkConfig: undefined,
  loadInlineBar: undefined,
  loadLinkScript: undefined,
  saveKey: { key: 'dcp_0123456789abcdef' },
  clearKey: {},
  checkKey: undefined,
  addAccount: { baseUrl: 'https://api.example.com', key: 'dcp_0123456789abcdef', label: 'Work' },
  updateAccount: { id: 'acct-1', reserve: 2 },
  setDefaultAccount: { id: 'acct-1' },
  removeAccount: { id: 'acct-1', waiting: 'move', moveTo: 'acct-2' },
  getTimelinePage: { limit: 20, account: 'acct-1' },
  getPagePosts: { url: 'https://example.com/a?utm_source=x', account: 'acct-1' },
  readFurther: { pages: 2 },
  enqueueWrite: { kind: 'comment', postId: 'p_1', body: ' Hi ', as: 'acct-1' },
  listOutbox: {},
  retryItem: { id: 'o_1' },
  editAndResend: { id: 'o_1', body: 'Edited' },
  rescheduleWrite: { id: 'o_1', sendAt: 1_800_000_000_000, body: 'Later' },
  sendWriteNow: { id: 'o_1' },
  discardItem: { id: 'o_1' },
  chooseSite: { hostname: 'news.example', chosen: true },
  setSync: { on: true },
  answerSyncProposal: { account: 'acct-1', accept: true },
  reactToPost: { postId: 'p_1', reaction: 'well_sourced', hold: true },
  undoReaction: { postId: 'p_1', reaction: 'well_sourced' },
  replyToPost: { postId: 'p_1', body: 'Agreed.' },
  openWithDraft: { kind: 'reply', postId: 'p_1', text: '' },
  takePendingDraft: undefined,
  savePost: { post: { id: 'p_1', author: { handle: 'demo' }, body: 'Hello' }, account: 'acct-1' },
  unsavePost: { key: 'http://127.0.0.1:8787 p_1' },
  listSavedPosts: undefined,
  importSavedPosts: { posts: [SAVED] },
};
