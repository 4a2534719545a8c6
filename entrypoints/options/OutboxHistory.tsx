import type { ComponentChildren } from 'preact';
import { t } from '@/lib/i18n';
import { mergeFields } from './draft-merge';
import { SaveState } from './SaveState';
import { useDraft } from './use-draft';
import { type SaveSettings, useAutosave } from './use-settings';

interface Bounds {
  keepSent: number;
  keepSentDays: number;
}

/** The bounds the settings accept (lib/storage/settings.ts). */
const LIMITS = { keepSent: [10, 10_000], keepSentDays: [1, 365] } as const;

/** A whole number within the setting's bounds, or undefined. */
function whole(text: string, [min, max]: readonly [number, number]): number | undefined {
  const value = Number(text.trim());
  return /^\d+$/.test(text.trim()) && value >= min && value <= max ? value : undefined;
}

/** The bounds as the fields hold them (typed text). */
interface BoundsText {
  count: string;
  days: string;
}

/** The bounds the fields say, or undefined while either is not a whole number within its limits. */
function boundsOf({ count, days }: BoundsText): Bounds | undefined {
  const keepSent = whole(count, LIMITS.keepSent);
  const keepSentDays = whole(days, LIMITS.keepSentDays);
  return keepSent === undefined || keepSentDays === undefined ? undefined : { keepSent, keepSentDays };
}

/** Each field follows the saved bound unless it is being typed in (use-draft.ts). */
const BOUNDS_FORM = {
  draftOf: (saved: Bounds): BoundsText => ({ count: String(saved.keepSent), days: String(saved.keepSentDays) }),
  valueOf: boundsOf,
  merge: mergeFields<BoundsText>,
};

/**
 * How much of the Outbox's history is kept: sent writes beyond the newest N or older than D days
 * are forgotten (those of the last hour always stay; failed and uncertain ones wait for the user).
 * `children` go at the end of the card (the history's export).
 */
export function OutboxHistory({
  saved,
  save,
  children,
}: {
  saved: Bounds;
  save: SaveSettings;
  children?: ComponentChildren;
}) {
  const [{ count, days }, setText] = useDraft(saved, BOUNDS_FORM);
  const state = useAutosave<Bounds>(boundsOf({ count, days }), saved, (bounds) => save(bounds));
  return (
    <section class="card" aria-labelledby="history-title">
      <h2 id="history-title">{t('optionsHistoryTitle')}</h2>
      <p class="hint" id="history-hint">
        {t('optionsHistoryHint')}
      </p>
      <div class="history-fields">
        <BoundField
          label={t('optionsHistoryCount')}
          limits={LIMITS.keepSent}
          text={count}
          onText={(text) => setText((typed) => ({ ...typed, count: text }))}
        />
        <BoundField
          label={t('optionsHistoryDays')}
          limits={LIMITS.keepSentDays}
          text={days}
          onText={(text) => setText((typed) => ({ ...typed, days: text }))}
        />
      </div>
      <SaveState id="history-state" state={state} />
      {children}
    </section>
  );
}

/** One bound: a whole number within `limits`, marked invalid outside them. */
function BoundField(props: {
  label: string;
  limits: readonly [number, number];
  text: string;
  onText: (text: string) => void;
}) {
  const [min, max] = props.limits;
  return (
    <label>
      {props.label}
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={props.text}
        aria-invalid={whole(props.text, props.limits) === undefined ? true : undefined}
        aria-describedby="history-hint history-state"
        onInput={(event) => props.onText(event.currentTarget.value)}
      />
    </label>
  );
}
