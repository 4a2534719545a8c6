import { useState } from 'preact/hooks';
import type { LineError } from '@/entrypoints/options/settings-form';
import { SaveState } from './SaveState';
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

/** A list setting edited as one entry per line, checked as typed and saved when every line is valid. */
export function LineListField({ id, label, hint, placeholder, saved, check, save }: LineListFieldProps) {
  const [text, setText] = useState(() => saved.join('\n'));
  const result = check(text);
  const state = useAutosave(result.ok ? result.value : undefined, saved, save);
  return (
    <div class="line-list">
      <label for={id}>{label}</label>
      <textarea
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
