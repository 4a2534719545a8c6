import { displayLocale, t } from '@/lib/i18n';
import type { ReplyError } from '@/lib/messages/envelope';

/**
 * Words for an error reply: what happened and, where there is one, what to do. Errors that carry the
 * server's own words (a disabled key's reason, a missing scope) show them as they are.
 */
export function errorText(error: ReplyError): string {
  switch (error.code) {
    case 'unauthorized':
      return t('errorUnauthorized');
    case 'rate_limited':
      return error.retryAt === undefined
        ? t('errorRateLimited')
        : t('errorRateLimitedUntil', new Date(error.retryAt).toLocaleTimeString(displayLocale()));
    case 'network':
      return t('errorNetwork');
    case 'unavailable':
      return t('errorUnavailable');
    case 'storage_full':
      return t('errorStorageFull');
    default:
      return error.message;
  }
}
