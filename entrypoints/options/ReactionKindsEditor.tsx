import { useRef } from 'preact/hooks';
import { checkReactionKinds, type KindRow, kindRows, reactionKindsToSave } from '@/entrypoints/options/settings-form';
import { t } from '@/lib/i18n';
import type { ReactionKind } from '@/lib/storage/reaction-kinds';
import { MAX_REACTION_KINDS } from '@/lib/storage/settings-limits';
import { mergeList } from './draft-merge';
import { SaveState } from './SaveState';
import { useDraft } from './use-draft';
import { type SaveSettings, useAutosave } from './use-settings';

interface Row extends KindRow {
  /** A local key that follows the row when it moves. */
  key: number;
}

/** A row is the kind of its value; two rows of one kind are alike when they say the same. */
const rowKind = (row: KindRow) => row.value.trim();
const sameRow = (a: KindRow, b: KindRow) => rowKind(a) === rowKind(b) && a.label === b.label && a.own === b.own;

/**
 * The reaction buttons: value (the API's `kind`) and label (what the button says), added,
 * removed and reordered; checked like the settings schema, saved as soon as every row is valid.
 * A kind without a label of the user's shows the product's words in the browser's language, and is
 * saved without a label until the user types one (settings-form.ts, `reactionKindsToSave`).
 */
export function ReactionKindsEditor({ kinds, save }: { kinds: ReactionKind[]; save: SaveSettings }) {
  const next = useRef(0);
  // Kinds added, removed or changed elsewhere are merged into the rows as edited here (use-draft.ts).
  const [rows, setRows] = useDraft<ReactionKind[], Row[]>(kinds, {
    draftOf: (saved) => kindRows(saved).map((row) => ({ ...row, key: next.current++ })),
    valueOf: reactionKindsToSave,
    merge: (mine, base, theirs) => mergeList(mine, base, theirs, rowKind, sameRow),
  });
  const list = useRef<HTMLOListElement>(null);
  const errors = checkReactionKinds(rows);
  const state = useAutosave(reactionKindsToSave(rows), kinds, (reactionKinds) => save({ reactionKinds }));

  const update = (index: number, change: Partial<KindRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));
  /** Puts focus on a control of row `index` once it has rendered (after a move, add or remove). */
  const focusLater = (selector: string) =>
    setTimeout(() => list.current?.querySelector<HTMLElement>(selector)?.focus(), 0);
  const move = (index: number, by: -1 | 1) => {
    setRows((current) => {
      const moved = [...current];
      const [row] = moved.splice(index, 1);
      if (row !== undefined) moved.splice(index + by, 0, row);
      return moved;
    });
    focusLater(`li:nth-child(${index + by + 1}) button[data-move="${by}"]`);
  };
  const remove = (index: number) => {
    setRows((current) => current.filter((_, i) => i !== index));
    focusLater(`li:nth-child(${Math.max(1, index)}) input`);
  };
  const add = () => {
    setRows((current) => [...current, { key: next.current++, value: '', label: '', own: true }]);
    focusLater(`li:nth-child(${rows.length + 1}) input`);
  };

  return (
    <section class="card" aria-labelledby="kinds-title">
      <h2 id="kinds-title">{t('optionsKindsTitle')}</h2>
      <p class="hint" id="kinds-hint">
        {t('optionsKindsHint')}
      </p>
      <ol class="kinds" ref={list}>
        {rows.map((row, index) => {
          const n = String(index + 1);
          const rowErrors = errors[index] ?? {};
          const valueId = `kind-value-${row.key}`;
          const labelId = `kind-label-${row.key}`;
          return (
            <li key={row.key} class="kind-row">
              <div class="kind-fields">
                <div>
                  <label for={valueId}>{t('optionsKindValue', n)}</label>
                  <input
                    id={valueId}
                    value={row.value}
                    spellcheck={false}
                    autoComplete="off"
                    maxLength={40}
                    aria-invalid={rowErrors.value !== undefined}
                    aria-describedby={rowErrors.value === undefined ? 'kinds-hint' : `${valueId}-error`}
                    onInput={(event) => update(index, { value: event.currentTarget.value })}
                  />
                  {rowErrors.value !== undefined && (
                    <p id={`${valueId}-error`} class="field-error">
                      {rowErrors.value}
                    </p>
                  )}
                </div>
                <div>
                  <label for={labelId}>{t('optionsKindLabel', n)}</label>
                  <input
                    id={labelId}
                    value={row.label}
                    maxLength={60}
                    aria-invalid={rowErrors.label !== undefined}
                    aria-describedby={rowErrors.label === undefined ? undefined : `${labelId}-error`}
                    onInput={(event) => update(index, { label: event.currentTarget.value, own: true })}
                  />
                  {rowErrors.label !== undefined && (
                    <p id={`${labelId}-error`} class="field-error">
                      {rowErrors.label}
                    </p>
                  )}
                </div>
              </div>
              <div class="kind-actions">
                <button
                  type="button"
                  data-move="-1"
                  disabled={index === 0}
                  aria-label={t('optionsKindMoveUp', n)}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  data-move="1"
                  disabled={index === rows.length - 1}
                  aria-label={t('optionsKindMoveDown', n)}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  class="danger"
                  disabled={rows.length === 1}
                  aria-label={t('optionsKindRemove', n)}
                  onClick={() => remove(index)}
                >
                  {t('optionsRemove')}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <div class="actions">
        <button type="button" disabled={rows.length >= MAX_REACTION_KINDS} onClick={add}>
          {t('optionsKindAdd')}
        </button>
      </div>
      <SaveState state={state} />
    </section>
  );
}
