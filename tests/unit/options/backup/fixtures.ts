import fc from 'fast-check';
import { parseBackup } from '@/entrypoints/options/backup/format';
import type { AccountView } from '@/lib/messages/fields';
import { DEFAULT_KEYMAP } from '@/lib/storage/keymap';
import { DEFAULT_SETTINGS, type Settings } from '@/lib/storage/settings';

/** An account as the options page sees it, with a key saved (its last 4 must never reach a backup). */
export function accountView(change: Partial<AccountView> = {}): AccountView {
  return {
    id: 'acct-one',
    name: 'Main',
    label: 'Main',
    baseUrl: 'https://debate.example/',
    origin: 'https://debate.example',
    key: { set: true, last4: 'Wxyz' },
    check: null,
    reserve: 0,
    isDefault: true,
    pending: 0,
    pause: { rateLimitedUntil: null, disabled: null, offlineUntil: null, lostAnswer: false },
    ...change,
  };
}

/** Settings that differ from the defaults in every field a backup holds. */
export const CHANGED: Settings = {
  ...DEFAULT_SETTINGS,
  reactionKinds: [
    { value: 'agree', label: 'Agree' },
    { value: 'well_sourced', label: 'Well sourced' },
  ],
  linkPatterns: ['https://mirror.example/p/{id}'],
  decorateAllSites: true,
  excludedHosts: ['news.example.com', '10.0.0.1'],
  chosenSites: ['blog.example.org'],
  keepSent: 500,
  keepSentDays: 30,
  notify: true,
  mutedWords: ['spoiler', 'Tour de France'],
  mutedAuthors: ['troll_42'],
  keys: { ...DEFAULT_KEYMAP, next: 'n', help: null },
};

const label = fc
  .string({ minLength: 1, maxLength: 40 })
  .map((text) => text.trim())
  .filter((text) => text.length > 0);
const host = fc.domain().map((domain) => domain.toLowerCase());

/** Any settings the settings schema accepts and the options page would save. */
export const validSettings: fc.Arbitrary<Settings> = fc.record({
  baseUrl: fc.constantFrom('', 'https://debate.example/', 'http://127.0.0.1:8787/'),
  // A kind without a label says the product's words (lib/storage/reaction-kinds.ts).
  reactionKinds: fc.uniqueArray(
    fc.record({ value: fc.stringMatching(/^[a-z][a-z0-9_]{0,39}$/), label }, { requiredKeys: ['value'] }),
    {
      minLength: 1,
      maxLength: 8,
      selector: (kind) => kind.value,
    },
  ),
  linkPatterns: fc.uniqueArray(
    host.map((name) => `https://${name}/posts/{id}`),
    { maxLength: 20 },
  ),
  decorateAllSites: fc.boolean(),
  excludedHosts: fc.uniqueArray(host, { maxLength: 20 }),
  chosenSites: fc.uniqueArray(host, { maxLength: 5 }),
  keepSent: fc.integer({ min: 10, max: 10_000 }),
  keepSentDays: fc.integer({ min: 1, max: 365 }),
  notify: fc.boolean(),
  mutedWords: fc.uniqueArray(label, { maxLength: 10 }),
  mutedAuthors: fc.uniqueArray(fc.stringMatching(/^[a-z0-9_]{1,20}$/), { maxLength: 10 }),
  keys: fc.constantFrom(
    DEFAULT_KEYMAP,
    { ...DEFAULT_KEYMAP, on: false },
    { on: true, next: 'n', previous: 'p', reply: null, save: 'v', search: 's', help: 'h', react: false },
  ),
});

/** Why `parseBackup` refuses `text` (throws when it accepts it). */
export function errorOf(text: string): string {
  const parsed = parseBackup(text);
  if (parsed.ok) throw new Error('accepted');
  return parsed.error;
}
