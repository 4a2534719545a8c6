/** The words a refusal may need: the bar's own (lib/links/bar-words.ts) or the i18n file's, alike. */
type Say = (key: 'barTooMany' | 'errorStorageFull' | 'barUnavailable') => string;

/** Words for a write the background refused, as a bar or the reply frame shows them. */
export function errorWords(error: { code: string; message: string }, t: Say): string {
  if (error.code === 'rate_limited') return t('barTooMany');
  if (error.code === 'storage_full') return t('errorStorageFull');
  if (error.code === 'unavailable' || error.message === '') return t('barUnavailable');
  return error.message;
}
