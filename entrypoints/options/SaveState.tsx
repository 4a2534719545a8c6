import { StatusLine } from '@/components/common/StatusLine';
import { t } from '@/lib/i18n';
import type { AutosaveState } from './use-settings';

/** The live line under a section that saves by itself: "Saved.", "Saving…", or why it is not saved. */
export function SaveState({ state, id }: { state: AutosaveState; id?: string }) {
  const text = (() => {
    switch (state.state) {
      case 'saving':
        return t('optionsSaving');
      case 'saved':
        return t('optionsSaved');
      case 'invalid':
        return t('optionsNotSavedFix');
      case 'error':
        return t('optionsNotSaved', state.text);
      default:
        return '';
    }
  })();
  return (
    <StatusLine id={id} saves error={state.state === 'invalid' || state.state === 'error'}>
      {text}
    </StatusLine>
  );
}
