import { test } from '../driver/test';
import { scaled } from '../support/time';
import { narrowPanelTests } from './in-language/narrow-panel';
import { localePageTests } from './in-language/pages';
import { defaultReactionTests } from './in-language/reaction-words';

/**
 * Each shipped language other than English, with every flow that is about its words: the browser
 * starts once in that language for all of them (Chromium takes its language only at launch), and
 * each group of flows meets the extension as a new install (a reset, as between spec files). The
 * tabs permission is granted, so the panel's "This page" view shows what it found.
 */
test.describe.configure({ timeout: scaled(180_000) });

for (const lang of ['de', 'fr'] as const) {
  test.describe(`in ${lang}`, () => {
    test.use({ launch: { lang, grantedApis: ['tabs'] } });
    test.describe('every page', () => localePageTests(lang));
    test.describe('the default reaction', () => {
      test.use({ installGroup: 'default reaction' });
      defaultReactionTests(lang);
    });
    test.describe('a narrow panel', () => {
      test.use({ installGroup: 'narrow panel' });
      narrowPanelTests(lang);
    });
  });
}
