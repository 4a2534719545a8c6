import { useState } from 'preact/hooks';
import { t } from '@/lib/i18n';
import { SaveState } from './SaveState';
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

/**
 * How much of the Outbox's history is kept: sent writes beyond the newest N or older than D days
 * are forgotten (those of the last hour always stay; failed and uncertain ones wait for the user).
 */
export function OutboxHistory({ saved, save }: { saved: Bounds; save: SaveSettings }) {
  const [count, setCount] = useState(String(saved.keepSent));
  const [days, setDays] = useState(String(saved.keepSentDays));
  const keepSent = whole(count, LIMITS.keepSent);
  const keepSentDays = whole(days, LIMITS.keepSentDays);
  const value = keepSent === undefined || keepSentDays === undefined ? undefined : { keepSent, keepSentDays };
  const state = useAutosave<Bounds>(value, saved, (bounds) => save(bounds));
  return (
    <section class="card" aria-labelledby="history-title">
      <h2 id="history-title">{t('optionsHistoryTitle')}</h2>
      <p class="hint" id="history-hint">
        {t('optionsHistoryHint')}
      </p>
      <div class="history-fields">
        <label>
          {t('optionsHistoryCount')}
          <input
            type="number"
            inputMode="numeric"
            min={LIMITS.keepSent[0]}
            max={LIMITS.keepSent[1]}
            value={count}
            aria-invalid={keepSent === undefined ? true : undefined}
            aria-describedby="history-hint history-state"
            onInput={(event) => setCount(event.currentTarget.value)}
          />
        </label>
        <label>
          {t('optionsHistoryDays')}
          <input
            type="number"
            inputMode="numeric"
            min={LIMITS.keepSentDays[0]}
            max={LIMITS.keepSentDays[1]}
            value={days}
            aria-invalid={keepSentDays === undefined ? true : undefined}
            aria-describedby="history-hint history-state"
            onInput={(event) => setDays(event.currentTarget.value)}
          />
        </label>
      </div>
      <SaveState id="history-state" state={state} />
    </section>
  );
}
