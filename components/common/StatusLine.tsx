import type { ComponentChildren } from 'preact';

/**
 * The live line under a control or a card: what it last did, or why it could not (`error`). A
 * `role="status"` that stays in the page, so each new text is announced; `saves` gives it the place
 * of the options cards' "Saved." line.
 */
export function StatusLine(props: { error?: boolean; saves?: boolean; id?: string; children?: ComponentChildren }) {
  const classes = ['feedback', props.saves ? 'save-state' : '', props.error ? 'error' : ''].filter(
    (name) => name !== '',
  );
  return (
    <p id={props.id} role="status" class={classes.join(' ')}>
      {props.children}
    </p>
  );
}
