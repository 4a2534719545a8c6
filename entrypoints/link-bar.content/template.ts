import { t } from '@/lib/i18n';
import { MAX_BODY_LENGTH } from '@/lib/messages/limits';
import { h } from './dom';
import { BAR_CSS } from './styles';

/**
 * Gives a bar's shadow root the bar's style sheet: one constructed sheet shared by every bar where
 * the browser lets a content script adopt it (a page with a thousand bars then has one sheet to
 * match, not a thousand), else a `<style>` element of its own.
 */
export function barStyler(): (root: ShadowRoot) => void {
  let sheet: CSSStyleSheet | undefined;
  try {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(BAR_CSS);
  } catch {
    sheet = undefined;
  }
  const style = h('style', {}, BAR_CSS);
  return (root) => {
    if (sheet !== undefined) {
      try {
        root.adoptedStyleSheets = [sheet];
        if (root.adoptedStyleSheets.length === 1) return;
      } catch {
        // Firefox content scripts may not adopt a sheet they constructed: a <style> for every bar.
      }
      sheet = undefined;
    }
    root.prepend(style.cloneNode(true));
  };
}

/**
 * The markup every bar starts from, built once (its words looked up once) and cloned for each bar:
 * a clone is one native call, where building a bar element by element for a thousand links is not.
 */
export function barTemplate(kinds: { value: string; label: string }[], isMac: boolean): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const reactions = kinds.map((kind) =>
    h(
      'button',
      { type: 'button', 'data-action': 'react', 'data-kind': kind.value, 'aria-pressed': 'false' },
      kind.label,
      h('span', { class: 'mark', 'aria-hidden': 'true' }),
    ),
  );
  const composer = h(
    'span',
    { class: 'composer', id: 'composer', hidden: '' },
    h('textarea', { 'aria-label': t('barReplyLabel'), rows: '3', maxlength: String(MAX_BODY_LENGTH) }),
    h(
      'span',
      { class: 'row' },
      h(
        'span',
        { class: 'hint' },
        h('span', {}, isMac ? t('barHintMac') : t('barHint')),
        h('span', {}, t('barPrivacy')),
      ),
      h('button', { type: 'button', 'data-action': 'cancel' }, t('barCancel')),
      h('button', { type: 'button', class: 'primary', 'data-action': 'send' }, t('barSend')),
    ),
  );
  // As few boxes as possible: a page re-lays out and re-paints every bar with its own content.
  fragment.append(
    h(
      'span',
      { class: 'wrap', role: 'group', 'aria-label': t('barGroup') },
      ...reactions,
      h(
        'button',
        { type: 'button', 'data-action': 'toggle-reply', 'aria-expanded': 'false', 'aria-controls': 'composer' },
        t('barReply'),
      ),
      h('span', { class: 'status', role: 'status' }),
      composer,
    ),
  );
  return fragment;
}
