import { useState } from 'preact/hooks';
import { StatusLine } from '@/components/common/StatusLine';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messages/send';
import { errorText } from '@/lib/ui/error-text';

/**
 * The sites the user chose one by one (from the popup on each site): each with Remove, which takes
 * its bars away at once and gives its access back. Adding happens on the site itself, where the
 * browser's prompt names it.
 */
export function ChosenSites({ sites }: { sites: string[] }) {
  const [error, setError] = useState<string>();
  const remove = async (hostname: string) => {
    setError(undefined);
    const reply = await sendMessage('chooseSite', { hostname, chosen: false });
    if (!reply.ok) setError(errorText(reply.error));
  };
  return (
    <fieldset class="chosen-sites" aria-describedby="chosen-sites-hint">
      <legend class="field-label">{t('optionsChosenLabel')}</legend>
      {sites.length === 0 ? (
        <p class="hint">{t('optionsChosenNone')}</p>
      ) : (
        <ul class="chosen-site-list">
          {sites.map((site) => (
            <li key={site}>
              <span>{site}</span>{' '}
              <button type="button" class="danger" onClick={() => void remove(site)}>
                {t('optionsChosenRemove', site)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p id="chosen-sites-hint" class="hint">
        {t('optionsChosenHint')}
      </p>
      <StatusLine error>{error}</StatusLine>
    </fieldset>
  );
}
