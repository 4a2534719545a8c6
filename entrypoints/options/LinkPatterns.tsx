import { checkLinkPatterns } from '@/entrypoints/options/settings-form';
import { t } from '@/lib/i18n';
import { LineListField } from './LineListField';
import type { SaveSettings } from './use-settings';

/** Extra post-link patterns for the content script (the platform's own `/posts/{id}` always counts). */
export function LinkPatterns({ patterns, save }: { patterns: string[]; save: SaveSettings }) {
  return (
    <section class="card" aria-labelledby="patterns-title">
      <h2 id="patterns-title">{t('optionsPatternsTitle')}</h2>
      <LineListField
        id="link-patterns"
        label={t('optionsPatternsLabel')}
        hint={t('optionsPatternsHint')}
        placeholder="https://debate.example/p/{id}"
        saved={patterns}
        check={checkLinkPatterns}
        save={(linkPatterns) => save({ linkPatterns })}
      />
    </section>
  );
}
