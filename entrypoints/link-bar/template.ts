import { h } from './dom';
import { t } from './say';
import { BAR_CSS, restingCss, restingDeclarations } from './styles';

/** How a bar's shadow root is styled: drawn (its buttons), or resting (an empty host, see styles.ts). */
export type BarLook = 'drawn' | 'resting';

export interface BarStyler {
  /** Gives a bar's shadow root the style sheet of `look`, in place of the one it had. */
  style(root: ShadowRoot, look: BarLook): void;
  /** The width of a drawn bar at rest, in px: resting bars take it (all at once, where sheets are shared). */
  setRestingWidth(width: number): void;
  /** The `style` of a host that rests without a shadow root (never drawn yet). */
  restingStyle(): string;
}

/**
 * Styles bars with two constructed sheets shared by every bar where the browser lets a content
 * script adopt them (a page with a thousand bars then has one sheet per look to match, not a
 * thousand), else with a `<style>` element of their own.
 */
export function barStyler(): BarStyler {
  const css: Record<BarLook, string> = { drawn: BAR_CSS, resting: restingCss(0) };
  const sheets: Record<BarLook, CSSStyleSheet> | undefined = (() => {
    try {
      const sheet = (text: string) => {
        const made = new CSSStyleSheet();
        made.replaceSync(text);
        return made;
      };
      return { drawn: sheet(css.drawn), resting: sheet(css.resting) };
    } catch {
      return undefined;
    }
  })();
  let adopt = sheets !== undefined;
  /** A never-drawn host's `style`, set on every bar built: made once per width, not once per bar. */
  let restingStyle = restingDeclarations(0);
  return {
    style(root, look) {
      if (adopt && sheets !== undefined) {
        try {
          root.adoptedStyleSheets = [sheets[look]];
          if (root.adoptedStyleSheets.length === 1) return;
        } catch {
          // Firefox content scripts may not adopt a sheet they constructed: a <style> for every bar.
        }
        adopt = false;
      }
      root.querySelector(':scope > style')?.remove();
      root.prepend(h('style', {}, css[look]));
    },
    restingStyle() {
      return restingStyle;
    },
    setRestingWidth(width) {
      restingStyle = restingDeclarations(width);
      css.resting = restingCss(width);
      sheets?.resting.replaceSync(css.resting);
    },
  };
}

/**
 * The markup every bar starts from, built once (its words looked up once) and cloned for each bar:
 * a clone is one native call, where building a bar element by element for a thousand links is not.
 */
export function barTemplate(kinds: { value: string; label: string }[], speaker?: string | null): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const reactions = kinds.map((kind) =>
    h(
      'button',
      { type: 'button', 'data-action': 'react', 'data-kind': kind.value, 'aria-pressed': 'false' },
      kind.label,
      h('span', { class: 'mark', 'aria-hidden': 'true' }),
    ),
  );
  // As few boxes as possible: a page re-lays out and re-paints every bar with its own content.
  fragment.append(
    h(
      'span',
      // Who reacts, in the group's name and its tooltip: the default account.
      {
        class: 'wrap',
        role: 'group',
        'aria-label': speaker ? t('barGroupAs', speaker) : t('barGroup'),
        title: speaker ? t('barAs', speaker) : '',
      },
      ...reactions,
      h(
        'button',
        { type: 'button', 'data-action': 'toggle-reply', 'aria-expanded': 'false', 'aria-controls': 'composer' },
        t('barReply'),
      ),
      h('span', { class: 'status', role: 'status' }),
      h('button', { type: 'button', 'data-action': 'undo', hidden: '' }, t('barUndo')),
      h('span', { class: 'composer', id: 'composer', hidden: '' }),
    ),
  );
  return fragment;
}
