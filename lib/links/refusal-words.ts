import { t } from '@/lib/i18n';

/** Words for a write the background refused, as a bar or the reply frame shows them. */
export function errorWords(error: { code: string; message: string }): string {
  if (error.code === 'rate_limited') return t('barTooMany');
  if (error.code === 'storage_full') return t('errorStorageFull');
  if (error.code === 'unavailable' || error.message === '') return t('barUnavailable');
  return error.message;
}
