import { checkExcludedHosts } from '@/entrypoints/options/settings-form';
import { t } from '@/lib/i18n';
import { ALL_SITES } from '@/lib/ui/use-permission';
import { LineListField } from './LineListField';
import { PermissionSwitch } from './PermissionSwitch';
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
      <PermissionSwitch
        toggle={toggle}
        hintId="all-sites-hint"
        label={t('optionsAllSites')}
        hint={t('optionsAllSitesHint')}
        revokedHint={t('optionsAllSitesRevoked')}
      />
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
