/** One labelled input of an account form: the API's address, or a key (never shown, never spell-checked). */
interface FieldProps {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  placeholder?: string;
  describedBy?: string;
}

/** The platform's API address, as every form that adds or edits an account asks for it. */
export function AddressField({ id, label, value, onInput, placeholder = 'https://debate.example' }: FieldProps) {
  return (
    <>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder={placeholder}
        value={value}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
    </>
  );
}

/** An API key: a password field, so the page never shows it and the browser neither fills nor keeps it. */
export function KeyField({ id, label, value, onInput, placeholder, describedBy }: FieldProps) {
  return (
    <>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete="off"
        spellcheck={false}
        aria-describedby={describedBy}
        placeholder={placeholder}
        value={value}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
    </>
  );
}
