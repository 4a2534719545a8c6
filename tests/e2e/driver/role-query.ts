import { Puppeteer } from 'puppeteer-core';

/**
 * Elements found the way a user finds them: by ARIA role and accessible name, computed in the page
 * by one function in both browsers (Chromium's own accessibility query hangs on some of our pages,
 * and each browser's tree names some elements differently). It follows Playwright's `getByRole`:
 * implicit roles from HTML, names from `aria-labelledby`, `aria-label`, labels, alt text or content,
 * hidden elements (and those under `aria-hidden`) left out; a name matches by a case-insensitive
 * substring unless `exact`, or by a regular expression.
 */
export interface RoleQuery {
  role: string;
  name?: string | RegExp;
  exact?: boolean;
}

/** A selector for `role` with accessible name `name`: use it with any puppeteer query or locator. */
export function role(roleName: string, name?: string | RegExp, options: { exact?: boolean } = {}): string {
  const wire =
    name instanceof RegExp
      ? { role: roleName, source: name.source, flags: name.flags }
      : { role: roleName, name, exact: options.exact === true };
  return `::-p-role(${JSON.stringify(JSON.stringify(wire))})`;
}

let registered = false;
/** Registers the `role` query in puppeteer (once per process). */
export function registerRoleQuery(): void {
  if (registered) return;
  registered = true;
  Puppeteer.registerCustomQueryHandler('role', {
    queryAll: (root: Node, selector: string): Node[] => {
      const query = JSON.parse(selector) as {
        role: string;
        name?: string;
        exact?: boolean;
        source?: string;
        flags?: string;
      };
      const norm = (text: string) => text.replace(/\s+/g, ' ').trim();
      const implicitRole = (el: Element): string => {
        const tag = el.localName;
        const type = (el.getAttribute('type') ?? 'text').toLowerCase();
        switch (tag) {
          case 'a':
          case 'area':
            return el.hasAttribute('href') ? 'link' : '';
          case 'button':
            return 'button';
          case 'input':
            if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
            if (type === 'checkbox') return (el.getAttribute('role') ?? '') === 'switch' ? 'switch' : 'checkbox';
            if (type === 'radio') return 'radio';
            if (type === 'range') return 'slider';
            if (type === 'number') return 'spinbutton';
            if (type === 'search') return el.hasAttribute('list') ? 'combobox' : 'searchbox';
            if (type === 'hidden' || type === 'file' || type === 'color') return '';
            if (['date', 'time', 'datetime-local', 'month', 'week'].includes(type)) return 'textbox';
            return el.hasAttribute('list') ? 'combobox' : 'textbox';
          case 'textarea':
            return 'textbox';
          case 'select':
            return (el as HTMLSelectElement).multiple || (el as HTMLSelectElement).size > 1 ? 'listbox' : 'combobox';
          case 'option':
            return 'option';
          case 'h1':
          case 'h2':
          case 'h3':
          case 'h4':
          case 'h5':
          case 'h6':
            return 'heading';
          case 'article':
            return 'article';
          case 'aside':
            return 'complementary';
          case 'nav':
            return 'navigation';
          case 'main':
            return 'main';
          case 'header':
            return el.closest('article, aside, main, nav, section') ? '' : 'banner';
          case 'footer':
            return el.closest('article, aside, main, nav, section') ? '' : 'contentinfo';
          case 'section':
            return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : '';
          case 'form':
            return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'form' : '';
          case 'dialog':
            return 'dialog';
          case 'ul':
          case 'ol':
          case 'menu':
            return 'list';
          case 'li':
            return 'listitem';
          case 'table':
            return 'table';
          case 'tr':
            return 'row';
          case 'td':
            return 'cell';
          case 'th':
            return 'columnheader';
          case 'img':
            return el.getAttribute('alt') === '' ? 'presentation' : 'img';
          case 'fieldset':
          case 'details':
            return 'group';
          case 'progress':
            return 'progressbar';
          case 'output':
            return 'status';
          case 'hr':
            return 'separator';
          case 'dl':
            return 'list';
          default:
            return '';
        }
      };
      const roleOf = (el: Element) => el.getAttribute('role')?.trim().split(/\s+/)[0] || implicitRole(el);
      const hidden = (el: Element): boolean => {
        if (el.closest('[aria-hidden="true"]') !== null) return true;
        const html = el as HTMLElement;
        if (typeof html.checkVisibility === 'function') {
          if (!html.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) {
            // Content of a closed <details> or a display:contents box is still in the tree for a user.
            return getComputedStyle(html).display !== 'contents';
          }
        }
        return false;
      };
      const fromContent = new Set([
        'button',
        'link',
        'heading',
        'tab',
        'option',
        'checkbox',
        'radio',
        'switch',
        'menuitem',
        'menuitemcheckbox',
        'menuitemradio',
        'cell',
        'columnheader',
        'rowheader',
        'row',
        'treeitem',
        'tooltip',
        'listitem',
        'status',
        'term',
      ]);
      const textContent = (node: Node): string => {
        if (node.nodeType === 3) return node.nodeValue ?? '';
        if (node.nodeType !== 1) return '';
        const el = node as Element;
        if (el.getAttribute('aria-hidden') === 'true') return '';
        if (el.localName === 'img') return el.getAttribute('alt') ?? '';
        if (el.localName === 'style' || el.localName === 'script') return '';
        const label = el.getAttribute('aria-label');
        if (label !== null && label.trim() !== '') return ` ${label} `;
        if (el instanceof HTMLElement && typeof el.checkVisibility === 'function' && !el.checkVisibility()) {
          if (getComputedStyle(el).display !== 'contents') return '';
        }
        const inner = [...el.childNodes].map(textContent).join('');
        const block = getComputedStyle(el).display.startsWith('inline') ? '' : ' ';
        return block + inner + block;
      };
      const nameOf = (el: Element): string => {
        const labelledBy = el.getAttribute('aria-labelledby');
        if (labelledBy) {
          const parts = labelledBy
            .split(/\s+/)
            .map((id) => el.ownerDocument.getElementById(id))
            .filter((part): part is HTMLElement => part !== null)
            .map((part) => norm(part.textContent ?? ''));
          if (parts.length > 0) return norm(parts.join(' '));
        }
        const label = el.getAttribute('aria-label');
        if (label !== null && norm(label) !== '') return norm(label);
        const tag = el.localName;
        if (tag === 'input' || tag === 'textarea' || tag === 'select') {
          const input = el as HTMLInputElement;
          if (['button', 'submit', 'reset'].includes(input.type)) return norm(input.value || input.type);
          const labels = [...(input.labels ?? [])].map((l) => norm(textContent(l)));
          if (labels.length > 0 && labels.join('') !== '') return norm(labels.join(' '));
          return norm(el.getAttribute('title') ?? el.getAttribute('placeholder') ?? '');
        }
        if (tag === 'img') return norm(el.getAttribute('alt') ?? el.getAttribute('title') ?? '');
        if (tag === 'fieldset') {
          const legend = el.querySelector(':scope > legend');
          if (legend) return norm(legend.textContent ?? '');
        }
        if (tag === 'table') {
          const caption = el.querySelector(':scope > caption');
          if (caption) return norm(caption.textContent ?? '');
        }
        if (fromContent.has(roleOf(el))) {
          const text = norm([...el.childNodes].map(textContent).join(''));
          if (text !== '') return text;
        }
        return norm(el.getAttribute('title') ?? '');
      };
      const matches = (el: Element): boolean => {
        if (roleOf(el) !== query.role || hidden(el)) return false;
        if (query.source !== undefined) return new RegExp(query.source, query.flags).test(nameOf(el));
        if (query.name === undefined) return true;
        const name = nameOf(el);
        return query.exact ? name === norm(query.name) : name.toLowerCase().includes(norm(query.name).toLowerCase());
      };
      const found: Element[] = [];
      const visit = (scope: Node) => {
        const all = (scope as ParentNode).querySelectorAll?.('*') ?? [];
        for (const el of all) {
          if (matches(el)) found.push(el);
          if (el.shadowRoot) visit(el.shadowRoot);
        }
      };
      visit(root);
      return found;
    },
  });
}
