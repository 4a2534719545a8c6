import { checkMutedAuthors, checkMutedWords } from '@/entrypoints/options/settings-form';
import { t } from '@/lib/i18n';
import { LineListField } from './LineListField';
import type { SaveSettings } from './use-settings';

/** Muted words and people: their posts are hidden in the side panel's timeline (it can show them). */
export function MutesCard({ words, authors, save }: { words: string[]; authors: string[]; save: SaveSettings }) {
  return (
    <section class="card" aria-labelledby="mutes-title">
      <h2 id="mutes-title">{t('optionsMutesTitle')}</h2>
      <LineListField
        id="muted-words"
        label={t('optionsMutedWordsLabel')}
        hint={t('optionsMutedWordsHint')}
        saved={words}
        check={checkMutedWords}
        save={(mutedWords) => save({ mutedWords })}
      />
      <LineListField
        id="muted-authors"
        label={t('optionsMutedAuthorsLabel')}
        hint={t('optionsMutedAuthorsHint')}
        placeholder="@alice"
        saved={authors}
        check={checkMutedAuthors}
        save={(mutedAuthors) => save({ mutedAuthors })}
      />
    </section>
  );
}
