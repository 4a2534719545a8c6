import { StatusLine } from '@/components/common/StatusLine';
import { checkExcludedHosts } from '@/entrypoints/options/settings-form';
import { t } from '@/lib/i18n';
import { ALL_SITES } from '@/lib/ui/use-permission';
import { LineListField } from './LineListField';
import { usePermissionSwitch } from './use-permission-switch';
import type { SaveSettings } from './use-settings';

/**
 * "Decorate post links on all sites": asks the browser for all-sites access from the click that
 * turns it on (a permission request needs a user gesture), gives it back when turned off. And the
 * hosts never decorated.
 */
export function SiteAccess({
  decorateAllSites,
  excludedHosts,
  save,
}: {
  decorateAllSites: boolean;
  excludedHosts: string[];
  save: SaveSettings;
}) {
  const toggle = usePermissionSwitch(ALL_SITES, (on) => ({ decorateAllSites: on }), decorateAllSites, save, {
    refused: t('optionsAllSitesRefused'),
    on: t('optionsAllSitesOn'),
    off: t('optionsAllSitesOff'),
  });
  return (
    <section class="card" aria-labelledby="sites-title">
      <h2 id="sites-title">{t('optionsSitesTitle')}</h2>
      <p class="hint">{t('optionsSitesHint')}</p>
      <label class="check">
        <input
          type="checkbox"
          checked={toggle.on}
          disabled={toggle.busy}
          aria-describedby="all-sites-hint"
          onChange={toggle.toggle}
        />
        {t('optionsAllSites')}
      </label>
      <p id="all-sites-hint" class="hint">
        {toggle.revoked ? t('optionsAllSitesRevoked') : t('optionsAllSitesHint')}
      </p>
      <StatusLine saves error={toggle.message?.kind === 'error'}>
        {toggle.message?.text}
      </StatusLine>
      <LineListField
        id="excluded-hosts"
        label={t('optionsExcludedLabel')}
        hint={t('optionsExcludedHint')}
        placeholder="news.example.com"
        saved={excludedHosts}
        check={checkExcludedHosts}
        save={(hosts) => save({ excludedHosts: hosts })}
      />
    </section>
  );
}
