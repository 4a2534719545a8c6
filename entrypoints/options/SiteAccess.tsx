import { checkExcludedHosts } from '@/entrypoints/options/settings-form';
import { t } from '@/lib/i18n';
import { ALL_SITES } from '@/lib/ui/use-permission';
import { ChosenSites } from './ChosenSites';
import { LineListField } from './LineListField';
import { PermissionSwitch } from './PermissionSwitch';
import type { SaveSettings } from './use-settings';

/**
 * "Decorate post links on all sites": asks the browser for all-sites access from the click that
 * turns it on (a permission request needs a user gesture), gives it back when turned off. And the
 * hosts never decorated.
 */
export function SiteAccess({
  decorateAllSites,
  excludedHosts,
  chosenSites,
  save,
}: {
  decorateAllSites: boolean;
  excludedHosts: string[];
  chosenSites: string[];
  save: SaveSettings;
}) {
  return (
    <section class="card" aria-labelledby="sites-title">
      <h2 id="sites-title">{t('optionsSitesTitle')}</h2>
      <p class="hint">{t('optionsSitesHint')}</p>
      <PermissionSwitch setting="decorateAllSites" permission={ALL_SITES} enabled={decorateAllSites} save={save} />
      <ChosenSites sites={chosenSites} />
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
