import type { RefObject } from 'preact';
import { t } from '@/lib/i18n';
import { MAX_QUERY } from '@/lib/ui/timeline-filter';

export interface SearchBarProps {
  query: string;
  onQuery: (query: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** A search is on: say how many loaded posts match. */
  searching: boolean;
  matches: number;
  loaded: number;
  /** Muted posts among those that would show ("N hidden"), and whether they are shown. */
  hidden: number;
  showHidden: boolean;
  onToggleHidden: () => void;
  onHelp: () => void;
}

/** How many loaded posts match, in words. */
function matchWords(matches: number, loaded: number): string {
  if (matches === 0) return t('panelSearchNone');
  if (matches === 1) return t('panelSearchOne', String(loaded));
  return t('panelSearchMany', [String(matches), String(loaded)]);
}

/**
 * Above the timeline: the search field (it filters the loaded posts as you type; Escape clears it),
 * the count of matches, the "N hidden" line that shows muted posts, and the shortcuts button.
 */
export function SearchBar(props: SearchBarProps) {
  const { hidden } = props;
  return (
    <div class="timeline-search">
      <div class="search-row">
        <label for="timeline-search" class="visually-hidden">
          {t('panelSearchLabel')}
        </label>
        <input
          ref={props.inputRef}
          id="timeline-search"
          type="search"
          value={props.query}
          maxLength={MAX_QUERY}
          placeholder={t('panelSearchPlaceholder')}
          autocomplete="off"
          spellcheck={false}
          onInput={(event) => props.onQuery(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Escape' || props.query === '') return;
            event.preventDefault();
            props.onQuery('');
          }}
        />
        <button
          type="button"
          class="shortcuts-button"
          aria-label={t('panelShortcutsButton')}
          title={t('panelShortcutsButton')}
          aria-haspopup="dialog"
          onClick={props.onHelp}
        >
          ?
        </button>
      </div>
      <div class="search-line">
        <p class="search-status" role="status">
          {props.searching ? matchWords(props.matches, props.loaded) : ''}
        </p>
        {hidden > 0 && (
          <button
            type="button"
            class="hidden-toggle"
            aria-expanded={props.showHidden}
            aria-describedby="hidden-hint"
            onClick={props.onToggleHidden}
          >
            <span aria-hidden="true">{props.showHidden ? '▾ ' : '▸ '}</span>
            {hidden === 1 ? t('panelHiddenOne') : t('panelHiddenMany', String(hidden))}
          </button>
        )}
        <span id="hidden-hint" class="visually-hidden">
          {t('panelHiddenHint')}
        </span>
      </div>
    </div>
  );
}
