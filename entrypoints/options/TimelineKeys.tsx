import { useState } from 'preact/hooks';
import { ShortcutList } from '@/components/common/ShortcutList';
import { StatusLine } from '@/components/common/StatusLine';
import { t } from '@/lib/i18n';
import { DEFAULT_KEYMAP, KEY_ACTIONS, type KeyMap, normalKey, SHORTCUT_KEY, sharedKey } from '@/lib/storage/keymap';
import { KEY_ACTION_LABELS } from '@/lib/ui/timeline-keys';
import { mergeFields } from './draft-merge';
import { useDraft } from './use-draft';
import type { SaveSettings } from './use-settings';

/** The fields as typed: a key per action ('' for off), and the two switches. */
type Draft = { [action in (typeof KEY_ACTIONS)[number]]: string } & { on: boolean; react: boolean };

function draftOf(keys: KeyMap): Draft {
  const draft = { on: keys.on, react: keys.react } as Draft;
  for (const action of KEY_ACTIONS) draft[action] = keys[action] ?? '';
  return draft;
}

/** The map the fields say, or the words of the first thing wrong with them. */
function mapOf(draft: Draft): KeyMap | string {
  const map: KeyMap = { ...DEFAULT_KEYMAP, on: draft.on, react: draft.react };
  for (const action of KEY_ACTIONS) {
    const typed = draft[action].trim();
    if (typed !== '' && !SHORTCUT_KEY.test(normalKey(typed))) return t('optionsKeysBad', typed);
    map[action] = typed === '' ? null : normalKey(typed);
  }
  const shared = sharedKey(map);
  return shared === undefined ? map : t('optionsKeysShared', shared);
}

/** Each field follows the saved map unless it is being typed in (use-draft.ts). */
const KEYS_FORM = {
  draftOf,
  valueOf: (draft: Draft) => {
    const map = mapOf(draft);
    return typeof map === 'string' ? undefined : map;
  },
  merge: mergeFields<Draft>,
};

/**
 * The side panel timeline's single-key shortcuts (WCAG 2.1.4): all of them on or off, each moved to
 * another key or off (an empty field), the digits for reactions on or off; no two on one key. The
 * list below is what the panel's "?" shows: the saved map.
 */
export function TimelineKeys({ keys, save }: { keys: KeyMap; save: SaveSettings }) {
  const [draft, setDraft] = useDraft(keys, KEYS_FORM);
  const [status, setStatus] = useState<{ error: boolean; text: string }>();
  const change = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setStatus(undefined);
  };
  const submit = async (map: KeyMap | string) => {
    if (typeof map === 'string') return setStatus({ error: true, text: map });
    const failure = await save({ keys: map });
    setStatus(failure === undefined ? { error: false, text: t('optionsKeysSaved') } : { error: true, text: failure });
  };
  return (
    <section class="card" aria-labelledby="timeline-keys-title">
      <h2 id="timeline-keys-title">{t('optionsKeysTitle')}</h2>
      <p class="hint">{t('optionsKeysHint')}</p>
      <form
        class="keymap"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(mapOf(draft));
        }}
      >
        <label class="check">
          <input type="checkbox" checked={draft.on} onChange={(event) => change({ on: event.currentTarget.checked })} />{' '}
          {t('optionsKeysOn')}
        </label>
        <fieldset class="keymap-keys" disabled={!draft.on}>
          <legend class="visually-hidden">{t('optionsKeysTitle')}</legend>
          {KEY_ACTIONS.map((action) => (
            <div key={action} class="keymap-row">
              <label for={`key-${action}`}>{t(KEY_ACTION_LABELS[action])}</label>
              <input
                id={`key-${action}`}
                class="keymap-key"
                aria-label={t('optionsShortcutKeyFor', t(KEY_ACTION_LABELS[action]))}
                aria-describedby="keymap-hint"
                maxLength={4}
                autocomplete="off"
                spellcheck={false}
                value={draft[action]}
                onInput={(event) => change({ [action]: event.currentTarget.value })}
              />
            </div>
          ))}
          <label class="check">
            <input
              type="checkbox"
              checked={draft.react}
              onChange={(event) => change({ react: event.currentTarget.checked })}
            />{' '}
            {t('optionsKeysReact')}
          </label>
        </fieldset>
        <p id="keymap-hint" class="hint">
          {t('optionsKeysFieldsHint')}
        </p>
        <div class="actions">
          <button type="submit">{t('optionsKeysSave')}</button>
          <button
            type="button"
            onClick={() => {
              setDraft(draftOf(DEFAULT_KEYMAP));
              void submit(DEFAULT_KEYMAP);
            }}
          >
            {t('optionsKeysReset')}
          </button>
        </div>
        <StatusLine saves error={status?.error === true}>
          {status?.text}
        </StatusLine>
      </form>
      <ShortcutList keys={keys} />
    </section>
  );
}
