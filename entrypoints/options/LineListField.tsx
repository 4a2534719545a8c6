import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { LineError } from '@/entrypoints/options/settings-form';
import { mergeList } from './draft-merge';
import { SaveState } from './SaveState';
import { useDraft } from './use-draft';
import { useAutosave } from './use-settings';

export interface LineListFieldProps {
  /** The textbox's id and accessible name. */
  id: string;
  label: string;
  hint: string;
  placeholder?: string;
  /** The saved list. */
  saved: string[];
  /** Checks the text: the list to save, or the lines that are wrong. */
  check: (text: string) => { ok: true; value: string[] } | { ok: false; errors: LineError[] };
  save: (value: string[]) => Promise<string | undefined>;
}

/**
 * A list setting edited as one entry per line, checked as typed and saved when every line is valid.
 * It follows the saved list (use-draft.ts): entries added or removed elsewhere while the user types
 * are merged into the lines, by the entry each line stands for.
 */
export function LineListField({ id, label, hint, placeholder, saved, check, save }: LineListFieldProps) {
  const entry = (line: string) => {
    const one = check(line);
    return one.ok ? (one.value[0] ?? '') : line;
  };
  const [text, setText] = useDraft(saved, {
    draftOf: (list) => list.join('\n'),
    valueOf: (typed) => {
      const checked = check(typed);
      return checked.ok ? checked.value : undefined;
    },
    merge: (mine, base, theirs) => mergeList(mine.split('\n'), linesOf(base), linesOf(theirs), entry).join('\n'),
  });
  const result = check(text);
  const state = useAutosave(result.ok ? result.value : undefined, saved, save);
  const box = useRef<HTMLTextAreaElement>(null);
  useCaretKept(box, text);
  return (
    <div class="line-list">
      <label for={id}>{label}</label>
      <textarea
        ref={box}
        id={id}
        rows={Math.min(8, Math.max(3, text.split('\n').length + 1))}
        value={text}
        placeholder={placeholder}
        spellcheck={false}
        aria-invalid={!result.ok}
        aria-describedby={`${id}-hint${result.ok ? '' : ` ${id}-errors`}`}
        onInput={(event) => setText(event.currentTarget.value)}
      />
      <p id={`${id}-hint`} class="hint">
        {hint}
      </p>
      {!result.ok && (
        <ul id={`${id}-errors`} class="field-errors">
          {result.errors.map((error) => (
            <li key={`${error.line}:${error.text}`}>
              {error.line === '' ? error.text : `${error.line} — ${error.text}`}
            </li>
          ))}
        </ul>
      )}
      <SaveState state={state} />
    </div>
  );
}

/** The lines of a saved list's text (none for an empty list). */
const linesOf = (text: string) => (text === '' ? [] : text.split('\n'));

/**
 * Keeps the caret where the user was typing when the box's text is replaced from elsewhere (the
 * browser puts it at the end when a script sets the value). Lines from elsewhere come after the
 * user's, so the offset from the start still points into what the user was typing.
 */
function useCaretKept(box: RefObject<HTMLTextAreaElement | null>, text: string): void {
  const kept = useRef<[number, number] | undefined>(undefined);
  const element = box.current;
  // Before this render reaches the box, it shows what the user left: other text came from elsewhere.
  if (element !== null && element.value !== text && element.ownerDocument.activeElement === element)
    kept.current = [element.selectionStart, element.selectionEnd];
  useLayoutEffect(() => {
    const at = kept.current;
    kept.current = undefined;
    if (at !== undefined) box.current?.setSelectionRange(Math.min(at[0], text.length), Math.min(at[1], text.length));
  }, [text]);
}
